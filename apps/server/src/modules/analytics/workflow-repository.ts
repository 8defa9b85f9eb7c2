import { percentileOfCounts } from '@loupe/domain/analytics/statistics';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { int, NIL_UUID, nullableNum, nullableText, num, query, text, ts } from './query-repository.ts';
import type { TScope } from './scope.ts';
import { dayRollupWhere, deliveredIn, jobWhere, visitWhere } from './scope-filters-repository.ts';
import { wholeUtcDays } from './utc-periods.ts';

/** The SQL of the workflow screen: throughput, work in progress, phase times and the prediction's error. */
export function createWorkflowAnalyticsRepository(db: TDatabase) {
  return {
    /**
     * Jobs first read and jobs delivered, per week (Monday, workshop-local): from the job-day rollup when it is
     * kept in the workshop's zone (the statement checks, so a refill for a new zone is never half read) and no
     * department is asked for, else from the jobs.
     */
    async throughput(scope: TScope) {
      if (!scope.departmentId) {
        const rows = await query(
          db,
          sql`
            with zone as (
              select exists (select 1 from analytics_wip_zone z where z.time_zone = ${scope.timeZone}) as kept
            )
            select zone.kept, to_char(w.week, 'YYYY-MM-DD') as week, w.started, w.delivered
            from zone
            left join lateral (
              select date_trunc('week', d.day::timestamp) as week, sum(d.started)::int as started,
                sum(d.delivered)::int as delivered
              from analytics_job_days d
              where zone.kept and ${dayRollupWhere(scope)}
              group by 1
            ) as w on true
            order by w.week`,
          {
            kept: z.boolean(),
            week: nullableText,
            started: z.number().nullable(),
            delivered: z.number().nullable(),
          },
        );
        if (rows[0]?.kept) {
          return rows.flatMap((row) =>
            row.week === null
              ? []
              : [{ week: row.week, started: row.started ?? 0, delivered: row.delivered ?? 0 }],
          );
        }
      }
      // Counted per week as a timestamp first, formatted once a week: to_char on every job was most of the cost.
      const week = (column: SQL) => sql`date_trunc('week', ${column} at time zone ${scope.timeZone})`;
      return query(
        db,
        sql`
          select to_char(week, 'YYYY-MM-DD') as week, sum(started)::int as started, sum(delivered)::int as delivered
          from (
            select ${week(sql`j.first_arrival_at`)} as week, count(*) as started, 0 as delivered from analytics_jobs j
            where j.first_arrival_at >= ${ts(scope.fromAt)} and j.first_arrival_at < ${ts(scope.toAt)}
              and ${jobWhere(scope)}
            group by 1
            union all
            select ${week(sql`j.delivered_at`)}, 0, count(*) from analytics_jobs j
            where ${deliveredIn(scope)} and ${jobWhere(scope)}
            group by 1
          ) as x group by x.week order by x.week`,
        { week: text, started: int, delivered: int },
      );
    },

    /**
     * Jobs at a station at each instant, by the phase of that visit, from the visits that have ended. The
     * service adds the jobs still open from the job read model, as the board counts them.
     */
    async workInProgress(scope: TScope, instants: readonly Date[]) {
      if (instants.length === 0) return [];
      const numbered = JSON.stringify(
        instants.map((instant, index) => ({ i: index + 1, t: instant.toISOString() })),
      );
      // An instant that is a midnight of the rollup's zone (the workshop's, analytics_wip_zone) reads the rollup
      // analytics_wip_days; the others search the visits' spans. PostgreSQL decides which is which, converting
      // as the rollup did, so the answer is exact even while the rollup is being refilled for a new zone. idx
      // numbers the instants from 1.
      const wipWhere: SQL[] = [sql`true`];
      if (scope.kind) wipWhere.push(sql`wd.item_kind = ${scope.kind}`);
      if (scope.locationId) wipWhere.push(sql`wd.location_id = ${scope.locationId}`);
      if (scope.departmentId) wipWhere.push(sql`wd.department_id = ${scope.departmentId}`);
      // As the visits compare it: as a uuid, whatever its letter case.
      if (scope.productTypeId) wipWhere.push(sql`wd.product_type_id = (${scope.productTypeId}::uuid)::text`);
      if (scope.salespersonId) wipWhere.push(sql`wd.salesperson_id = (${scope.salespersonId}::uuid)::text`);
      return query(
        db,
        sql`
          with w as materialized (
            select w.i, w.t from jsonb_to_recordset(${numbered}::jsonb) as w(i int, t timestamptz)
          ),
          midnights as materialized (
            select w.i, (w.t at time zone zone.name)::date as day
            from w cross join (select coalesce((select z.time_zone from analytics_wip_zone z), 'UTC') as name) as zone
            where (((w.t at time zone zone.name)::date)::timestamp at time zone zone.name) = w.t
          )
          select m.i as idx, wd.phase_key as phase, sum(wd.jobs)::int as jobs
          from midnights m
          join analytics_wip_days wd on wd.day = m.day
          where ${sql.join(wipWhere, sql` and `)}
          group by 1, 2
          having sum(wd.jobs) > 0
          union all
          select w.i as idx, coalesce(v.phase_key, '') as phase, count(*)::int as jobs
          from w
          join analytics_visits v on tstzrange(v.arrived_at, v.left_at) @> w.t
          where w.i not in (select m.i from midnights m) and ${visitWhere(scope)}
          group by 1, 2`,
        { idx: int, phase: text, jobs: int },
      );
    },

    /**
     * Minutes per job in each phase over the jobs delivered in the range, as exact (minutes, jobs) counts per
     * phase, with each phase's job count and average hours. Whole UTC days of the range come from the
     * rollup `analytics_phase_days` unless a filter it does not keep (product type, department) is set; the
     * rest (the range's partial days in the workshop's zone, or every day under such a filter) from the jobs
     * themselves.
     */
    async phaseTimes(scope: TScope) {
      const fromJobs = (fromAt: Date, toAt: Date) => sql`
        select s.step_key as phase, s.minutes, count(*)::bigint as jobs
        from analytics_jobs j
        join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'phase'
        where j.delivered_at >= ${ts(fromAt)} and j.delivered_at < ${ts(toAt)} and ${jobWhere(scope)}
        group by 1, 2`;
      const days = wholeUtcDays(scope.fromAt, scope.toAt);
      const usesRollup = days !== null && scope.productTypeId === null && scope.departmentId === null;
      const parts: SQL[] = [];
      if (days !== null && usesRollup) {
        if (scope.fromAt < days.fromAt) parts.push(fromJobs(scope.fromAt, days.fromAt));
        parts.push(sql`
          select pd.phase_key as phase, pd.minutes, sum(pd.jobs)::bigint as jobs
          from analytics_phase_days pd
          where pd.day >= ${days.fromDay}::date and pd.day < ${days.toDay}::date
            ${scope.kind ? sql`and pd.item_kind = ${scope.kind}` : sql``}
            ${scope.locationId ? sql`and pd.location_id = ${scope.locationId}` : sql``}
            ${scope.salespersonId ? sql`and pd.salesperson_id = (${scope.salespersonId}::uuid)::text` : sql``}
          group by 1, 2`);
        if (days.toAt < scope.toAt) parts.push(fromJobs(days.toAt, scope.toAt));
      } else {
        parts.push(fromJobs(scope.fromAt, scope.toAt));
      }
      const rows = await query(
        db,
        sql`
          select grouping(minutes)::int as "isPhase", phase, minutes::float8 as minutes, sum(jobs)::int as jobs,
            (sum(minutes * jobs)::numeric / sum(jobs)::numeric / 60.0)::float8 as average
          from (${sql.join(parts, sql` union all `)}) as counted
          where jobs > 0
          group by grouping sets ((phase, minutes), (phase))`,
        { isPhase: int, phase: text, minutes: nullableNum, jobs: int, average: num },
      );
      const byPhase = new Map<
        string,
        { jobs: number; average: number; counts: { value: number; count: number }[] }
      >();
      const entryOf = (phase: string) => {
        const entry = byPhase.get(phase) ?? { jobs: 0, average: 0, counts: [] };
        byPhase.set(phase, entry);
        return entry;
      };
      for (const row of rows) {
        const entry = entryOf(row.phase);
        if (row.isPhase === 1) {
          entry.jobs = row.jobs;
          entry.average = row.average;
        } else if (row.minutes !== null) {
          entry.counts.push({ value: row.minutes, count: row.jobs });
        }
      }
      // percentile_cont over the counts, as over the jobs one by one.
      return [...byPhase].map(([phase, entry]) => ({
        phase,
        jobs: entry.jobs,
        average: entry.average,
        median: (percentileOfCounts(entry.counts, 0.5) ?? 0) / 60,
        p90: (percentileOfCounts(entry.counts, 0.9) ?? 0) / 60,
      }));
    },

    /**
     * The prediction's error over delivered jobs: predicted (first read + the expected hours of its kind and
     * product type) against delivered, in days.
     */
    async predictionError(
      scope: TScope,
      expected: readonly { kind: string; productTypeId: string | null; hours: number }[],
    ) {
      if (expected.length === 0) return { jobs: 0, mae: null };
      const list = JSON.stringify(
        expected.map((e) => ({ kind: e.kind, pt: e.productTypeId ?? NIL_UUID, hours: e.hours })),
      );
      const [row] = await query(
        db,
        sql`
          with expected as (
            select * from jsonb_to_recordset(${list}::jsonb) as x(kind text, pt uuid, hours float8)
          )
          select count(*)::int as jobs,
            avg(abs(date_part('epoch', j.delivered_at - j.first_arrival_at) / 3600.0 - e.hours) / 24.0)::float8 as mae
          from analytics_jobs j
          -- Compared as uuids (the nil uuid for none): as text, every job's id was formatted first.
          join expected e on e.kind = j.item_kind and e.pt = coalesce(j.product_type_id, ${NIL_UUID}::uuid)
          where ${deliveredIn(scope)} and j.first_arrival_at is not null and ${jobWhere(scope)}`,
        { jobs: int, mae: nullableNum },
      );
      return { jobs: row?.jobs ?? 0, mae: row?.mae ?? null };
    },

    /**
     * Labour per phase (issue 37 §3): the hours people's timers counted on the jobs delivered in the period, per
     * phase, averaged over the jobs that recorded any there: the same jobs whose dwell phaseTimes counts.
     */
    async labourByPhase(scope: TScope, now: Date) {
      return query(
        db,
        sql`
          select ws.phase_key as phase,
            (sum(extract(epoch from (coalesce(ws.ended_at, ${ts(now)}) - ws.started_at))) / 3600.0
              / count(distinct ws.item_id))::float8 as hours
          from work_sessions ws
          join analytics_jobs j on j.item_kind = ws.item_kind and j.item_id = ws.item_id
          where ${deliveredIn(scope)} and ${jobWhere(scope)}
          group by 1`,
        { phase: text, hours: num },
      );
    },
  };
}

export type TWorkflowAnalyticsRepository = ReturnType<typeof createWorkflowAnalyticsRepository>;
