import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { int, NIL_UUID, num, query, sortingQuery, text, ts } from './query-repository.ts';
import type { TScope } from './scope.ts';
import { deliveredIn, jobWhere, lateDays, stepKindIn } from './scope-filters-repository.ts';

/** The latest deliveries in one order, ties too: the delivered index's (delivered_at, kind, id), backwards. */
const LATEST_FIRST = sql`j.delivered_at desc, j.item_kind desc, j.item_id desc`;

/**
 * The CTEs that end in `median_steps` (step kind, key, minutes, n): the steps of `stepKinds` of the latest
 * `limit` deliveries of the range, each counted n times, whose medians the late jobs' steps are held to.
 */
function medianSteps(scope: TScope, stepKinds: readonly string[], limit: number): SQL {
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
  return !readsStepRollup
    ? sql`
      delivered as (
        select j.item_kind, j.item_id from analytics_jobs j
        where ${deliveredIn(scope)} and ${jobWhere(scope)}
        order by ${LATEST_FIRST} limit ${limit}
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
          order by ${LATEST_FIRST} offset ${limit - 1} limit 1
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
}

/** The SQL of the root-cause screen: each late job's main cause, and how many jobs were late. */
export function createRootCauseAnalyticsRepository(db: TDatabase) {
  return {
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
      return sortingQuery(
        db,
        sql`
          with ${medianSteps(scope, stepKinds, limits.median)}
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
            select j.item_kind, j.item_id, row_number() over (order by ${LATEST_FIRST}) as position
            from analytics_jobs j
            where ${deliveredIn(scope)} and j.promised_date is not null and ${lateDays(scope)} > 0 and ${jobWhere(scope)}
            order by ${LATEST_FIRST} limit ${limits.late}
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
  };
}

export type TRootCauseAnalyticsRepository = ReturnType<typeof createRootCauseAnalyticsRepository>;
