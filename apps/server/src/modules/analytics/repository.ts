import { percentileOfCounts } from '@loupe/domain/analytics/statistics';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { bucketOfMinutes } from './facts-repository.ts';

/**
 * The SQL of the analytics screens. Every query reads the facts tables (analytics_*), never
 * location_history; the figures that need percentiles of many rows read buckets or grouped aggregates.
 */

/** A request's filters, resolved: instants for the range [fromAt, toAt) and UTC days for the day rollups. */
export type TScope = {
  readonly fromAt: Date;
  readonly toAt: Date;
  readonly fromDay: string;
  readonly toDay: string;
  readonly timeZone: string;
  readonly kind: 'order' | 'repair' | null;
  readonly locationId: string | null;
  readonly departmentId: string | null;
  readonly productTypeId: string | null;
  readonly salespersonId: string | null;
};

const num = z.coerce.number();
const int = z.coerce.number().int();
const text = z.string();
const nullableText = z.string().nullable();
const nullableNum = z.coerce.number().nullable();

/**
 * Sorts and hashes of an analytics read (percentiles over tens of thousands of rows) fit in memory with this
 * instead of the server's default 4 MB, which spills them to disk. Only for these reads, in their own
 * read-only transaction, so the rest of the app keeps the default.
 */
const ANALYTICS_WORK_MEM = '64MB';

async function query<T extends z.ZodRawShape>(db: TDatabase, statement: SQL, shape: T) {
  const result = (await db.execute(statement)) as { rows: unknown[] };
  return z.array(z.object(shape)).parse(result.rows);
}

/**
 * `query` for the reads that sort or hash a range's jobs (exact percentiles, grouping sets), with more
 * memory: four round trips instead of one, so only where the sort is the cost.
 */
async function sortingQuery<T extends z.ZodRawShape>(
  db: TDatabase,
  statement: SQL,
  shape: T,
  options: { withoutMergeJoins?: boolean } = {},
) {
  const result = (await db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(`set local work_mem = '${ANALYTICS_WORK_MEM}'`));
      if (options.withoutMergeJoins) await tx.execute(sql`set local enable_mergejoin = off`);
      return tx.execute(statement);
    },
    { accessMode: 'read only' },
  )) as { rows: unknown[] };
  return z.array(z.object(shape)).parse(result.rows);
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The job filters on analytics_jobs `j`. */
function jobWhere(scope: TScope): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.kind) parts.push(sql`j.item_kind = ${scope.kind}`);
  if (scope.locationId) parts.push(sql`j.location_id = ${scope.locationId}`);
  if (scope.productTypeId) parts.push(sql`j.product_type_id = ${scope.productTypeId}::uuid`);
  if (scope.salespersonId) parts.push(sql`j.salesperson_id = ${scope.salespersonId}::uuid`);
  if (scope.departmentId) {
    parts.push(sql`exists (
      select 1 from analytics_job_steps ds join stations dst on dst.id = ds.step_key
      where ds.item_kind = j.item_kind and ds.item_id = j.item_id and ds.step_kind = 'station'
        and dst.department_id = ${scope.departmentId})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The range's days and the filters on a day rollup of the jobs `d` (analytics_job_days,
 * analytics_delivery_days), whose days are the workshop's: the caller checks the rollup's zone.
 */
function dayRollupWhere(scope: TScope): SQL {
  const parts: SQL[] = [sql`d.day >= ${scope.fromDay}::date and d.day <= ${scope.toDay}::date`];
  if (scope.kind) parts.push(sql`d.item_kind = ${scope.kind}`);
  if (scope.locationId) parts.push(sql`d.location_id = ${scope.locationId}`);
  // As the jobs compare them: as uuids, whatever their letter case.
  if (scope.productTypeId) parts.push(sql`d.product_type_id = (${scope.productTypeId}::uuid)::text`);
  if (scope.salespersonId) parts.push(sql`d.salesperson_id = (${scope.salespersonId}::uuid)::text`);
  return sql.join(parts, sql` and `);
}

/** The visit filters on analytics_visits `v`. */
function visitWhere(scope: TScope): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.kind) parts.push(sql`v.item_kind = ${scope.kind}`);
  if (scope.locationId) parts.push(sql`v.location_id = ${scope.locationId}`);
  if (scope.departmentId) parts.push(sql`v.department_id = ${scope.departmentId}`);
  if (scope.productTypeId) parts.push(sql`v.product_type_id = ${scope.productTypeId}::uuid`);
  if (scope.salespersonId) parts.push(sql`v.salesperson_id = ${scope.salespersonId}::uuid`);
  return sql.join(parts, sql` and `);
}

const deliveredIn = (scope: TScope) =>
  sql`j.delivered_at >= ${ts(scope.fromAt)} and j.delivered_at < ${ts(scope.toAt)}`;

/** Whole days late: the workshop-local day of delivery less the promised day. */
const lateDays = (scope: TScope) =>
  sql`((j.delivered_at at time zone ${scope.timeZone})::date - j.promised_date)`;

/** In float8 (date_part), not numeric (extract): a year's averages and percentiles of 100,000 jobs took twice as long. */
const cycleDays = sql`(date_part('epoch', j.delivered_at - j.first_arrival_at) / 86400.0)`;

/**
 * `s.step_kind in (...)` as a list of values, not a subquery, so that PostgreSQL reads each job's steps by the
 * primary key (kind, id, step kind) instead of hashing the whole steps table.
 */
const stepKindIn = (stepKinds: readonly string[]) =>
  stepKinds.length === 0
    ? sql`false`
    : sql`s.step_kind in (${sql.join(
        stepKinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`;

/**
 * The whole UTC days inside [fromAt, toAt) (the day rollups are kept by UTC day), with their bounds; null
 * when there is none. A workshop in UTC gets its whole range back.
 */
function wholeUtcDays(fromAt: Date, toAt: Date) {
  const DAY_MS = 86_400_000;
  const first = Math.ceil(fromAt.getTime() / DAY_MS) * DAY_MS;
  const end = Math.floor(toAt.getTime() / DAY_MS) * DAY_MS;
  if (first >= end) return null;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { fromAt: new Date(first), toAt: new Date(end), fromDay: day(first), toDay: day(end) };
}

/**
 * The whole UTC months inside the days [fromDay, toDay) ('YYYY-MM-DD', the end excluded), as the first days of
 * the first and the following month; null when there is none.
 */
function wholeUtcMonths(fromDay: string, toDay: string) {
  const firstOf = (day: string) => `${day.slice(0, 7)}-01`;
  const next = new Date(`${firstOf(fromDay)}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const fromMonth = fromDay.endsWith('-01') ? fromDay : next.toISOString().slice(0, 10);
  const toMonth = firstOf(toDay);
  return fromMonth < toMonth ? { fromMonth, toMonth } : null;
}

/** The uuid that stands for "none" where uuids are compared with `=`, which never matches null. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Repairs have no product type: on-time groups them under this id. */
export const REPAIRS_GROUP = 'repairs';

export type TStationBucketRow = { stationId: string; bucket: number; visits: number; minutes: number };

export function createAnalyticsRepository(db: TDatabase) {
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

    /** Visits per station and duration bucket in the range, from the station dwell rollups. */
    async stationBuckets(scope: TScope): Promise<TStationBucketRow[]> {
      const shape = { stationId: text, bucket: int, visits: int, minutes: num };
      // The visits that ended on the UTC days fromDay to toDay, read from the station dwell rollups
      // (the same visits counted by exact minutes, so each count's bucket is that of its minutes): whole months
      // from the month table, the days around them from the day table.
      const parts: SQL[] = [];
      if (scope.kind) parts.push(sql`sd.item_kind = ${scope.kind}`);
      // As the visits compare them: as uuids, whatever their letter case.
      if (scope.productTypeId) parts.push(sql`sd.product_type_id = (${scope.productTypeId}::uuid)::text`);
      if (scope.salespersonId) parts.push(sql`sd.salesperson_id = (${scope.salespersonId}::uuid)::text`);
      if (scope.locationId || scope.departmentId) {
        const place: SQL[] = [sql`st.id = sd.station_id`];
        if (scope.departmentId) place.push(sql`st.department_id = ${scope.departmentId}`);
        if (scope.locationId) place.push(sql`dd.location_id = ${scope.locationId}`);
        parts.push(sql`exists (select 1 from stations st join departments dd on dd.id = st.department_id
          where ${sql.join(place, sql` and `)})`);
      }
      const endDay = new Date(`${scope.toDay}T00:00:00Z`);
      endDay.setUTCDate(endDay.getUTCDate() + 1);
      const toDay = endDay.toISOString().slice(0, 10);
      const fromRollup = (table: 'days' | 'months', periods: SQL) => sql`
        select sd.station_id, sd.minutes, sum(sd.visits)::bigint as visits
        from ${sql.raw(`analytics_station_dwell_${table}`)} sd
        where ${sql.join([sql`(${periods})`, ...parts], sql` and `)}
        group by 1, 2`;
      const dayRange = (from: string, to: string) => sql`(sd.day >= ${from}::date and sd.day < ${to}::date)`;
      const months = wholeUtcMonths(scope.fromDay, toDay);
      const counted =
        months === null
          ? [fromRollup('days', dayRange(scope.fromDay, toDay))]
          : [
              fromRollup(
                'months',
                sql`sd.month >= ${months.fromMonth}::date and sd.month < ${months.toMonth}::date`,
              ),
              fromRollup(
                'days',
                sql`${dayRange(scope.fromDay, months.fromMonth)} or ${dayRange(months.toMonth, toDay)}`,
              ),
            ];
      return query(
        db,
        sql`
          select station_id as "stationId", ${bucketOfMinutes(sql`minutes`)} as bucket,
            sum(visits)::int as visits, sum(minutes * visits)::float8 as minutes
          from (${sql.join(counted, sql` union all `)}) as counted
          group by 1, 2`,
        shape,
      );
    },

    /** Every station with its department and location, and how many jobs stand at it now. */
    async stations() {
      return query(
        db,
        sql`
          select s.id, s.name, s.is_active as "isActive", s.jeweler_name as "jewelerName",
            d.id as "departmentId", d.name as "departmentName", d.location_id as "locationId",
            (select count(*) from tracked_items ti where ti.current_station_id = s.id)::int as "waitingNow"
          from stations s join departments d on d.id = s.department_id
          order by d.position, d.name, s.position, s.name`,
        {
          id: text,
          name: text,
          isActive: z.boolean(),
          jewelerName: nullableText,
          departmentId: text,
          departmentName: text,
          locationId: text,
          waitingNow: int,
        },
      );
    },

    /** Phase names and template order of every workflow template. */
    async templates() {
      return query(
        db,
        sql`select kind, product_type_id::text as "productTypeId", phases, repair_type_steps as "repairTypeSteps"
            from workflow_templates order by kind, product_type_id nulls first`,
        { kind: text, productTypeId: nullableText, phases: z.unknown(), repairTypeSteps: z.unknown() },
      );
    },

    /**
     * Past durations (hours) per phase over the latest delivered jobs: the quantiles predictions add up.
     * Keyed by kind and phase; the last `limit` deliveries keep it quick and current.
     */
    async phaseQuantiles(limit: number) {
      return sortingQuery(
        db,
        sql`
          with recent as (
            select j.item_kind, j.item_id from analytics_jobs j
            where j.delivered_at is not null order by j.delivered_at desc limit ${limit}
          )
          select s.item_kind as kind, s.step_key as phase, count(*)::int as jobs,
            (percentile_cont(0.25) within group (order by s.minutes) / 60.0)::float8 as p25,
            (percentile_cont(0.5) within group (order by s.minutes) / 60.0)::float8 as p50,
            (percentile_cont(0.8) within group (order by s.minutes) / 60.0)::float8 as p80
          from recent r
          join analytics_job_steps s on s.item_kind = r.item_kind and s.item_id = r.item_id and s.step_kind = 'phase'
          group by 1, 2`,
        { kind: text, phase: text, jobs: int, p25: num, p50: num, p80: num },
      );
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

    /** Delivered jobs with a promised date, counted by month, product type, salesperson, location and days late. */
    async onTimeGroups(scope: TScope) {
      const shape = {
        g: int,
        month: nullableText,
        productTypeId: nullableText,
        salespersonId: nullableText,
        locationId: nullableText,
        late: z.coerce.number().int().nullable(),
        delivered: int,
        onTime: int,
        avgLate: nullableNum,
      };
      // From the delivery rollup when it is kept in the workshop's zone (checked in the statement, as
      // throughput does) and no department is asked for; the grand total row always comes back, with the check.
      if (!scope.departmentId) {
        const rows = await sortingQuery(
          db,
          sql`
            with zone as materialized (
              select exists (select 1 from analytics_wip_zone z where z.time_zone = ${scope.timeZone}) as kept
            )
            select (select kept from zone) as kept, g, to_char(month, 'YYYY-MM') as month,
              case when is_repair then ${REPAIRS_GROUP} else nullif(product_type, '') end as "productTypeId",
              nullif(salesperson, '') as "salespersonId", nullif(location, '') as "locationId", late, delivered,
              "onTime", "avgLate"
            from (
              -- As the jobs give them: the average of the days late as numeric, sum over count.
              select grouping(month, product_type, salesperson, location, late)::int as g, month, product_type,
                is_repair, salesperson, location, late, coalesce(sum(jobs), 0)::int as delivered,
                coalesce(sum(jobs) filter (where late <= 0), 0)::int as "onTime",
                (sum(late * jobs) filter (where late > 0)::numeric / sum(jobs) filter (where late > 0)::numeric)::float8
                  as "avgLate"
              from (
                -- Summed by month first: the grouping sets then aggregate a few rows a month, not one a day.
                select date_trunc('month', d.day::timestamp) as month, d.product_type_id as product_type,
                  (d.product_type_id = '' and d.item_kind = 'repair') as is_repair, d.salesperson_id as salesperson,
                  d.location_id as location, d.days_late as late, sum(d.jobs)::int as jobs
                from analytics_delivery_days d
                where (select kept from zone) and d.jobs <> 0 and ${dayRollupWhere(scope)}
                group by 1, 2, 3, 4, 5, 6
              ) as x
              group by grouping sets ((month), (product_type, is_repair), (salesperson), (location), (late), ())
            ) as grouped`,
          { kept: z.boolean(), ...shape },
        );
        if (rows[0]?.kept) return rows.map(({ kept: _kept, ...row }) => row);
      }
      return sortingQuery(
        db,
        sql`
          select g, to_char(month, 'YYYY-MM') as month,
            case when is_repair then ${REPAIRS_GROUP} else product_type::text end as "productTypeId",
            salesperson::text as "salespersonId", location as "locationId", late, delivered, "onTime", "avgLate"
          from (
            -- Grouped by the month as a timestamp and by the ids as uuids, formatted once a group: formatting
            -- and casting every job first was most of the cost over a year.
            select grouping(month, product_type, salesperson, location, late)::int as g, month, product_type,
              is_repair, salesperson, location, late, count(*)::int as delivered,
              count(*) filter (where late <= 0)::int as "onTime", avg(late) filter (where late > 0)::float8 as "avgLate"
            from (
              select date_trunc('month', j.delivered_at at time zone ${scope.timeZone}) as month,
                j.product_type_id as product_type,
                -- Repairs have no product type: they make a group of their own.
                (j.product_type_id is null and j.item_kind = 'repair') as is_repair,
                j.salesperson_id as salesperson, j.location_id as location, ${lateDays(scope)} as late
              from analytics_jobs j
              where ${deliveredIn(scope)} and j.promised_date is not null and ${jobWhere(scope)}
            ) as x
            group by grouping sets ((month), (product_type, is_repair), (salesperson), (location), (late), ())
          ) as grouped`,
        shape,
      );
    },

    /**
     * Late jobs with what the list shows: the most late first, or (`latestFirst`) the latest deliveries first,
     * the jobs root cause looks at.
     */
    async lateJobs(scope: TScope, limit: number, options: { latestFirst?: boolean } = {}) {
      const order = options.latestFirst
        ? sql`j.delivered_at desc, j.item_kind desc, j.item_id desc`
        : sql`days_late desc, j.delivered_at desc`;
      return query(
        db,
        sql`
          -- The list first, then the names of the jobs on it.
          with listed as (
            select j.item_kind, j.item_id, j.product_type_id, j.salesperson_id, j.location_id, j.promised_date,
              j.delivered_at, ${lateDays(scope)} as days_late
            from analytics_jobs j
            where ${deliveredIn(scope)} and j.promised_date is not null and ${lateDays(scope)} > 0
              and ${jobWhere(scope)}
            order by ${order}
            limit ${limit}
          )
          select j.item_kind as kind, j.item_id::text as id, job.number,
            coalesce(job.customer, '') as "customerName", pt.name as "productTypeName",
            coalesce(nullif(u.name, ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as "salespersonName",
            l.name as "locationName", j.promised_date::text as "promisedDate",
            (date_part('epoch', j.delivered_at) * 1000)::float8 as "deliveredAt", j.days_late::int as "daysLate"
          from listed j
          -- Each listed job's order or repair by its key: not a hash of every order (2,000 jobs, 75,000 orders).
          left join lateral (
            select o.order_number as number, c.name as customer
            from orders o left join customers c on c.id = o.customer_id
            where j.item_kind = 'order' and o.id = j.item_id
            union all
            select r.repair_number, c.name
            from repairs r left join customers c on c.id = r.customer_id
            where j.item_kind = 'repair' and r.id = j.item_id
          ) as job on true
          left join product_types pt on pt.id = j.product_type_id
          left join users u on u.id = j.salesperson_id
          left join locations l on l.id = j.location_id
          order by j.days_late desc, j.delivered_at desc`,
        {
          kind: z.enum(['order', 'repair']),
          id: text,
          number: z.string().nullable(),
          customerName: text,
          productTypeName: nullableText,
          salespersonName: nullableText,
          locationName: nullableText,
          promisedDate: text,
          deliveredAt: num,
          daysLate: int,
        },
      );
    },

    /** Per product type (and metal): deliveries, cycle days, rework and on-time counts. */
    async productTypeGroups(scope: TScope) {
      return sortingQuery(
        db,
        sql`
          select "byType", kind, product_type::text as "productTypeId", metal::text as "metalTypeId", delivered,
            timed, average, median, p90, reworked, promised, "onTime"
          from (
            -- Each job's figures computed once; grouped in the order of analytics_jobs_product_type_idx, which
            -- a long range reads instead of sorting its jobs.
            select grouping(metal)::int as "byType", kind, product_type, metal,
              count(*)::int as delivered, count(cycle)::int as timed, avg(cycle)::float8 as average,
              percentile_cont(0.5) within group (order by cycle)::float8 as median,
              percentile_cont(0.9) within group (order by cycle)::float8 as p90,
              count(*) filter (where reworked)::int as reworked, count(late)::int as promised,
              count(*) filter (where late <= 0)::int as "onTime"
            from (
              select j.item_kind as kind, j.product_type_id as product_type, j.metal_type_id as metal,
                ${cycleDays} as cycle, j.rework_visits > 0 as reworked,
                -- null without a promised date, as the count of promised jobs needs.
                ${lateDays(scope)} as late
              from analytics_jobs j
              where ${deliveredIn(scope)} and ${jobWhere(scope)}
            ) as jobs
            group by grouping sets ((kind, product_type), (kind, product_type, metal))
          ) as grouped`,
        {
          byType: int,
          kind: z.enum(['order', 'repair']),
          productTypeId: nullableText,
          metalTypeId: nullableText,
          delivered: int,
          timed: int,
          average: nullableNum,
          median: nullableNum,
          p90: nullableNum,
          reworked: int,
          promised: int,
          onTime: int,
        },
      );
    },

    /**
     * Visits per product type (kind for repairs) and station that ended in the range: how many, their station
     * minutes (offsite left out) exactly, and how many were rework. Whole UTC months of the range come from the
     * rollup `analytics_station_dwell_months`, the other whole UTC days from `analytics_station_dwell_days`
     * (exact minutes counted), the partial days at its ends in the workshop's zone from the visits. The median
     * and p90 are percentile_cont's over the visits one by one.
     */
    async productTypeStations(scope: TScope) {
      const fromVisits = (fromAt: Date, toAt: Date) => sql`
        select v.item_kind as kind, v.product_type_id::text as product_type_id, v.station_id,
          v.minutes - v.offsite_minutes as minutes, count(*)::bigint as visits,
          count(*) filter (where v.is_rework)::bigint as rework
        from analytics_visits v
        where v.left_at >= ${ts(fromAt)} and v.left_at < ${ts(toAt)} and ${visitWhere(scope)}
        group by 1, 2, 3, 4`;
      const days = wholeUtcDays(scope.fromAt, scope.toAt);
      const parts: SQL[] = [];
      if (days !== null) {
        const where: SQL[] = [];
        if (scope.kind) where.push(sql`sd.item_kind = ${scope.kind}`);
        if (scope.locationId) where.push(sql`sd.location_id = ${scope.locationId}`);
        if (scope.departmentId) where.push(sql`sd.department_id = ${scope.departmentId}`);
        // As the visits compare it: as a uuid, whatever its letter case.
        if (scope.productTypeId) where.push(sql`sd.product_type_id = (${scope.productTypeId}::uuid)::text`);
        if (scope.salespersonId) where.push(sql`sd.salesperson_id = (${scope.salespersonId}::uuid)::text`);
        // Whole months from the month rollup, the whole days around them from the day rollup.
        const fromRollup = (table: 'days' | 'months', periods: SQL) => sql`
          select sd.item_kind as kind, nullif(sd.product_type_id, '') as product_type_id, sd.station_id,
            sd.minutes, sum(sd.visits)::bigint as visits, sum(sd.rework_visits)::bigint as rework
          from ${sql.raw(`analytics_station_dwell_${table}`)} sd
          where ${sql.join([sql`(${periods})`, ...where], sql` and `)}
          group by 1, 2, 3, 4`;
        const dayRange = (from: string, to: string) =>
          sql`(sd.day >= ${from}::date and sd.day < ${to}::date)`;
        const months = wholeUtcMonths(days.fromDay, days.toDay);
        if (scope.fromAt < days.fromAt) parts.push(fromVisits(scope.fromAt, days.fromAt));
        if (months === null) {
          parts.push(fromRollup('days', dayRange(days.fromDay, days.toDay)));
        } else {
          parts.push(
            fromRollup(
              'months',
              sql`sd.month >= ${months.fromMonth}::date and sd.month < ${months.toMonth}::date`,
            ),
          );
          if (days.fromDay < months.fromMonth || months.toMonth < days.toDay) {
            parts.push(
              fromRollup(
                'days',
                sql`${dayRange(days.fromDay, months.fromMonth)} or ${dayRange(months.toMonth, days.toDay)}`,
              ),
            );
          }
        }
        if (days.toAt < scope.toAt) parts.push(fromVisits(days.toAt, scope.toAt));
      } else {
        parts.push(fromVisits(scope.fromAt, scope.toAt));
      }
      // The average as avg() computes it over the visits: the sum over the count, in numeric.
      const rows = await query(
        db,
        sql`
          select grouping(minutes)::int as "isGroup", kind, product_type_id as "productTypeId",
            station_id as "stationId", minutes::float8 as minutes, sum(visits)::int as visits,
            sum(rework)::int as rework, (sum(minutes * visits)::numeric / sum(visits)::numeric)::float8 as average
          from (${sql.join(parts, sql` union all `)}) as counted
          where visits > 0
          group by grouping sets ((kind, product_type_id, station_id, minutes), (kind, product_type_id, station_id))`,
        {
          isGroup: int,
          kind: z.enum(['order', 'repair']),
          productTypeId: nullableText,
          stationId: text,
          minutes: nullableNum,
          visits: int,
          rework: int,
          average: num,
        },
      );
      const groups = new Map<
        string,
        {
          kind: 'order' | 'repair';
          productTypeId: string | null;
          stationId: string;
          visits: number;
          rework: number;
          average: number;
          counts: { value: number; count: number }[];
        }
      >();
      for (const row of rows) {
        const key = JSON.stringify([row.kind, row.productTypeId, row.stationId]);
        const group = groups.get(key) ?? {
          kind: row.kind,
          productTypeId: row.productTypeId,
          stationId: row.stationId,
          visits: 0,
          rework: 0,
          average: 0,
          counts: [],
        };
        groups.set(key, group);
        if (row.isGroup === 1) {
          group.visits = row.visits;
          group.rework = row.rework;
          group.average = row.average;
        } else if (row.minutes !== null) {
          group.counts.push({ value: row.minutes, count: row.visits });
        }
      }
      // percentile_cont over the counts, as over the visits one by one.
      return [...groups.values()].map(({ counts, ...group }) => ({
        ...group,
        median: percentileOfCounts(counts, 0.5) ?? 0,
        p90: percentileOfCounts(counts, 0.9) ?? 0,
      }));
    },

    /** The job figures of one side of a comparison. */
    async jobFigures(scope: TScope) {
      const [row] = await sortingQuery(
        db,
        sql`
          select
            (select count(*) from analytics_jobs j
              where j.first_arrival_at >= ${ts(scope.fromAt)} and j.first_arrival_at < ${ts(scope.toAt)}
                and ${jobWhere(scope)})::int as started,
            count(*)::int as delivered,
            count(*) filter (where j.promised_date is not null)::int as promised,
            count(*) filter (where ${lateDays(scope)} <= 0)::int as "onTime",
            avg(${lateDays(scope)}) filter (where ${lateDays(scope)} > 0)::float8 as "averageDaysLate",
            avg(${cycleDays})::float8 as "averageCycleDays",
            percentile_cont(0.9) within group (order by ${cycleDays})::float8 as "p90CycleDays",
            count(*) filter (where j.rework_visits > 0)::int as reworked
          from analytics_jobs j
          where ${deliveredIn(scope)} and ${jobWhere(scope)}`,
        {
          started: int,
          delivered: int,
          promised: int,
          onTime: int,
          averageDaysLate: nullableNum,
          averageCycleDays: nullableNum,
          p90CycleDays: nullableNum,
          reworked: int,
        },
      );
      if (!row) throw new Error('the comparison query returned no row');
      return row;
    },

    /**
     * The main cause of each of the latest `lateLimit` late jobs: its step furthest over that step's median
     * over the latest `medianLimit` deliveries of the range (domain `mainCause`, here in SQL so that only one
     * row a job leaves the database: on a tie the step first in key order, as the steps were listed before).
     * Jobs whose every step is within its median have no row. The latest late job first.
     */
    async lateJobCauses(
      scope: TScope,
      stepKinds: readonly string[],
      limits: { late: number; median: number },
    ) {
      // The latest deliveries in one order, ties too: the delivered index's (delivered_at, kind, id), backwards.
      const latestFirst = sql`j.delivered_at desc, j.item_kind desc, j.item_id desc`;
      // The step rollup counts by kind and location too: a filter on either reads it as the whole workshop
      // does; one on product type, salesperson or department reads the steps of its deliveries job by job.
      const readsStepRollup = !scope.productTypeId && !scope.salespersonId && !scope.departmentId;
      // The kind and location filters on a step `s` of analytics_job_steps (the location is its job's).
      const stepWhere = scope.locationId
        ? sql`exists (select 1 from analytics_jobs j
            where j.item_kind = s.item_kind and j.item_id = s.item_id and ${jobWhere(scope)})`
        : scope.kind
          ? sql`s.item_kind = ${scope.kind}`
          : sql`true`;
      const stepDayWhere = sql.join(
        [
          sql`s.jobs > 0`,
          ...(scope.kind ? [sql`s.item_kind = ${scope.kind}`] : []),
          ...(scope.locationId ? [sql`s.location_id = ${scope.locationId}`] : []),
        ],
        sql` and `,
      );
      const medianSteps = !readsStepRollup
        ? sql`
          delivered as (
            select j.item_kind, j.item_id from analytics_jobs j
            where ${deliveredIn(scope)} and ${jobWhere(scope)}
            order by ${latestFirst} limit ${limits.median}
          ),
          median_steps as (
            select s.step_kind, s.step_key, s.minutes, 1 as n
            from delivered j
            -- By the primary key, job by job (offset 0): not a hash join over the whole steps table.
            cross join lateral (
              select s.step_kind, s.step_key, s.minutes from analytics_job_steps s
              where s.item_kind = j.item_kind and s.item_id = j.item_id and ${stepKindIn(stepKinds)}
              offset 0
            ) as s
          ),`
        : sql`
          -- The oldest of the latest deliveries (or the range's start when it has fewer): the steps delivered
          -- after it are the whole UTC days between counted in analytics_step_days, and the days at both ends
          -- as ranges of analytics_job_steps_delivered_idx, not a probe a job.
          bound as (
            select coalesce(c.delivered_at, ${ts(scope.fromAt)}) as at, coalesce(c.item_kind, '') as kind,
              coalesce(c.item_id, ${NIL_UUID}::uuid) as id
            from (select 1) as one
            left join lateral (
              select j.delivered_at, j.item_kind, j.item_id from analytics_jobs j
              where ${deliveredIn(scope)} and ${jobWhere(scope)}
              order by ${latestFirst} offset ${limits.median - 1} limit 1
            ) as c on true
          ),
          -- The UTC midnight after the bound's day, and the one that starts the range's last day.
          edges as (
            select b.at, b.kind, b.id,
              (date_trunc('day', b.at at time zone 'UTC') + interval '1 day') at time zone 'UTC' as lo,
              date_trunc('day', ${ts(scope.toAt)} at time zone 'UTC') at time zone 'UTC' as hi
            from bound b
          ),
          median_steps as (
            -- The rest of the bound's UTC day, from the steps.
            select s.step_kind, s.step_key, s.minutes, 1 as n
            from edges e join analytics_job_steps s on s.delivered_at > e.at
              and s.delivered_at < least(e.lo, ${ts(scope.toAt)})
            where ${stepKindIn(stepKinds)} and ${stepWhere}
            union all
            -- The whole UTC days after it, counted in analytics_step_days.
            select s.step_kind, s.step_key, s.minutes, s.jobs
            from edges e join analytics_step_days s on s.day >= (e.lo at time zone 'UTC')::date
              and s.day < (e.hi at time zone 'UTC')::date
            where ${stepKindIn(stepKinds)} and ${stepDayWhere}
            union all
            -- The range's last UTC day, up to its end, from the steps.
            select s.step_kind, s.step_key, s.minutes, 1
            from edges e join analytics_job_steps s on s.delivered_at >= greatest(e.hi, e.lo)
              and s.delivered_at < ${ts(scope.toAt)}
            where ${stepKindIn(stepKinds)} and ${stepWhere}
            union all
            -- Deliveries at the bound's instant itself: from the bound on, in the order above.
            select s.step_kind, s.step_key, s.minutes, 1
            from edges e
            join analytics_jobs j on j.delivered_at = e.at and (j.item_kind, j.item_id) >= (e.kind, e.id)
              and ${jobWhere(scope)}
            join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id
              and ${stepKindIn(stepKinds)}
          ),`;
      return sortingQuery(
        db,
        sql`
          with ${medianSteps}
          -- Each step's minutes counted (a hash, not a sort of every step by its text key), then the median
          -- read from the counts as percentile_cont computes it: the values at ranks floor and ceil of
          -- 0.5 × (n − 1), interpolated.
          counted as (
            select step_kind, step_key, minutes, sum(n) as n from median_steps group by 1, 2, 3
          ),
          ranked as (
            select step_kind, step_key, minutes::float8 as minutes,
              sum(n) over (partition by step_kind, step_key order by minutes) as upto,
              0.5::float8 * (sum(n) over (partition by step_kind, step_key) - 1)::float8 as rank
            from counted
          ),
          -- In minutes: whole or half minutes, so that a step is compared with its median exactly.
          medians as (
            select step_kind, step_key,
              min(minutes) filter (where upto > floor(rank))
                + (min(minutes) filter (where upto > ceil(rank)) - min(minutes) filter (where upto > floor(rank)))
                  * (rank - floor(rank)) as median
            from ranked
            group by step_kind, step_key, rank
          ),
          late as (
            select j.item_kind, j.item_id, row_number() over (order by ${latestFirst}) as position
            from analytics_jobs j
            where ${deliveredIn(scope)} and j.promised_date is not null and ${lateDays(scope)} > 0 and ${jobWhere(scope)}
            order by ${latestFirst} limit ${limits.late}
          ),
          -- Steps over their median (a step without one is at it); hours only for the rows returned.
          steps as (
            select l.position, s.item_kind, s.item_id, s.step_kind, s.step_key, s.minutes, m.median
            from late l
            -- Each late job's steps by the primary key: offset 0 keeps PostgreSQL from turning this into a hash
            -- join over the whole steps table, which it picks when it overestimates the late jobs.
            cross join lateral (
              select s.item_kind, s.item_id, s.step_kind, s.step_key, s.minutes from analytics_job_steps s
              where s.item_kind = l.item_kind and s.item_id = l.item_id and ${stepKindIn(stepKinds)}
              offset 0
            ) as s
            join medians m on m.step_kind = s.step_kind and m.step_key = s.step_key
            where s.minutes > m.median
          )
          select distinct on (position) item_kind as kind, item_id::text as id, step_kind as "stepKind",
            step_key as "stepKey", (minutes / 60.0)::float8 as hours, (median / 60.0)::float8 as median
          from steps
          order by position, minutes - median desc, step_kind, step_key`,
        {
          kind: z.enum(['order', 'repair']),
          id: text,
          stepKind: text,
          stepKey: text,
          hours: num,
          median: num,
        },
        // It overestimates the medians (tens of thousands for some fifty) and sorts the late jobs' steps by
        // their text keys to merge them (30 ms at 2,000 late jobs); hashing the medians takes a few.
        { withoutMergeJoins: true },
      );
    },

    /** How many jobs delivered in the range came after their promised day. */
    async lateJobCount(scope: TScope) {
      const [row] = await query(
        db,
        sql`
          select count(*)::int as late from analytics_jobs j
          where ${deliveredIn(scope)} and j.promised_date is not null and ${lateDays(scope)} > 0
            and ${jobWhere(scope)}`,
        { late: int },
      );
      return row?.late ?? 0;
    },

    /** Names for the ids the screens group by. */
    async names() {
      const [productTypes, people, locations, metals] = await Promise.all([
        query(db, sql`select id::text, name from product_types`, { id: text, name: text }),
        query(
          db,
          sql`select id::text, coalesce(nullif(name, ''), nullif(trim(first_name || ' ' || last_name), ''), email) as name from users`,
          { id: text, name: text },
        ),
        query(db, sql`select id, name from locations`, { id: text, name: text }),
        query(db, sql`select id::text, name from metal_types`, { id: text, name: text }),
      ]);
      const map = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
      return {
        productTypes: map(productTypes),
        people: map(people),
        locations: map(locations),
        metals: map(metals),
      };
    },
  };
}

export type TAnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
