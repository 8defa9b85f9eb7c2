import { type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';

// The rollups of the analytics facts (docs/decisions/013-analytics-rollups.md): the rows each adds from a set of
// visits or jobs, and each filled whole from the facts.

/**
 * Rows of a station dwell rollup from a set of visits (`source`, with the columns of analytics_visits): one
 * per UTC day (or month) ended, kind, product type, station, department, location, salesperson and exact
 * station minutes, counting visits and rework visits. recordVisits and the rebuild both use it.
 */
const stationDwellRows = (period: 'day' | 'month', source: SQL) => sql`
  select date_trunc(${period}, left_at at time zone 'UTC')::date, item_kind, coalesce(product_type_id::text, ''),
    station_id, department_id, coalesce(location_id, ''), coalesce(salesperson_id::text, ''),
    minutes - offsite_minutes, count(*)::int, (count(*) filter (where is_rework))::int
  from ${source}
  group by 1, 2, 3, 4, 5, 6, 7, 8
  -- In key order: a refill lays a day's rows out together (a range then reads a few pages, not one a row), and
  -- concurrent batches upsert shared rows in one order.
  order by 1, 2, 3, 4, 5, 6, 7, 8`;

/** The day and month station dwell rollups (docs/decisions/013-analytics-rollups.md). */
export const STATION_DWELL_TABLES = [
  { period: 'day', table: 'analytics_station_dwell_days' },
  { period: 'month', table: 'analytics_station_dwell_months' },
] as const;

/** Adds the station dwell rows of `source` to a rollup, counts of the same key summed. */
export const addStationDwell = (rollup: (typeof STATION_DWELL_TABLES)[number], source: SQL) => sql`
  insert into ${sql.raw(rollup.table)} (${sql.raw(rollup.period)}, item_kind, product_type_id, station_id,
    department_id, location_id, salesperson_id, minutes, visits, rework_visits)
  ${stationDwellRows(rollup.period, source)}
  on conflict on constraint ${sql.raw(`${rollup.table}_pk`)} do update set
    visits = ${sql.raw(rollup.table)}.visits + excluded.visits,
    rework_visits = ${sql.raw(rollup.table)}.rework_visits + excluded.rework_visits`;

/** The zone whose midnights `analytics_wip_days` counts at (one row; UTC if it were missing). */
const WIP_ZONE = sql`coalesce((select z.time_zone from analytics_wip_zone z), 'UTC')`;

/** The visits of `source` (as `v`) paired with each midnight `m` (local wall time) of the rollup's zone they span. */
export const visitsAtMidnights = (source: SQL) => sql`
  from ${source} as v
  cross join (select ${WIP_ZONE} as name) as zone
  cross join lateral generate_series(date_trunc('day', v.arrived_at at time zone zone.name),
    v.left_at at time zone zone.name, interval '1 day') as m
  where (m at time zone zone.name) >= v.arrived_at and (m at time zone zone.name) < v.left_at`;

/**
 * Rows of the work-in-progress rollup `analytics_wip_days` from a set of visits (`source`, with the columns of
 * analytics_visits): each visit counts once on every midnight of the rollup's zone it was under way at (arrived
 * at or before it, left after it), as `tstzrange(arrived_at, left_at) @> midnight` holds. The local days are
 * stepped in wall time and each midnight turned into its instant, so days of 23 or 25 hours count right. Most
 * visits span none.
 */
const wipDayRows = (source: SQL) => sql`
  select m::date, v.item_kind, coalesce(v.phase_key, ''), coalesce(v.location_id, ''), v.department_id,
    coalesce(v.product_type_id::text, ''), coalesce(v.salesperson_id::text, ''), count(*)::int
  ${visitsAtMidnights(source)}
  group by 1, 2, 3, 4, 5, 6, 7
  order by 1, 2, 3, 4, 5, 6, 7`;

/** Adds the work-in-progress rows of `source` to `analytics_wip_days`, counts of the same key summed. */
export const addWipDays = (source: SQL) => sql`
  insert into analytics_wip_days (day, item_kind, phase_key, location_id, department_id, product_type_id,
    salesperson_id, jobs)
  ${wipDayRows(source)}
  on conflict on constraint analytics_wip_days_pk do update set jobs = analytics_wip_days.jobs + excluded.jobs`;

/** The work-in-progress rollup from the visits, whole (after a rebuild, or once for a workshop upgrading). */
export async function fillWipDays(db: TDatabase): Promise<void> {
  await db.execute(sql`truncate analytics_wip_days`);
  await db.execute(addWipDays(sql`analytics_visits`));
}

/**
 * Rows of the job-day rollup `analytics_job_days` from a set of jobs (`source`, with the columns of
 * analytics_jobs), counted `sign` times: each job started on the day of its first read and delivered on the day
 * of its delivery, days of the rollup's zone (the workshop's, analytics_wip_zone).
 */
const jobDayRows = (source: SQL, sign: 1 | -1) => sql`
  select d.day, j.item_kind, coalesce(j.location_id, '') as location_id,
    coalesce(j.product_type_id::text, '') as product_type_id, coalesce(j.salesperson_id::text, '') as salesperson_id,
    ${sign}::int * (count(*) filter (where d.started))::int as started,
    ${sign}::int * (count(*) filter (where not d.started))::int as delivered
  from ${source} as j
  cross join (select ${WIP_ZONE} as name) as zone
  cross join lateral (values ((j.first_arrival_at at time zone zone.name)::date, true),
    ((j.delivered_at at time zone zone.name)::date, false)) as d(day, started)
  where d.day is not null
  group by 1, 2, 3, 4, 5`;

/**
 * Adds `rows` (of jobDayRows, any number of them as a union) to `analytics_job_days`, counts of the same key
 * summed; a key whose counts cancel out is not written, so a batch that changes no job's days writes nothing.
 */
const addJobDays = (rows: SQL) => sql`
  insert into analytics_job_days (day, item_kind, location_id, product_type_id, salesperson_id, started, delivered)
  select day, item_kind, location_id, product_type_id, salesperson_id, sum(started)::int, sum(delivered)::int
  from (${rows}) as d
  group by 1, 2, 3, 4, 5
  having sum(started) <> 0 or sum(delivered) <> 0
  order by 1, 2, 3, 4, 5
  on conflict on constraint analytics_job_days_pk do update set
    started = analytics_job_days.started + excluded.started,
    delivered = analytics_job_days.delivered + excluded.delivered`;

/**
 * Rows of the delivery rollup `analytics_delivery_days` from a set of jobs (`source`, with the columns of
 * analytics_jobs), counted `sign` times: each job delivered with a promised date, on the day of its delivery
 * in the rollup's zone, with its days late.
 */
const deliveryDayRows = (source: SQL, sign: 1 | -1) => sql`
  select d.day, j.item_kind, coalesce(j.location_id, '') as location_id,
    coalesce(j.product_type_id::text, '') as product_type_id, coalesce(j.salesperson_id::text, '') as salesperson_id,
    d.day - j.promised_date as days_late, ${sign}::int * count(*)::int as jobs
  from ${source} as j
  cross join (select ${WIP_ZONE} as name) as zone
  cross join lateral (select (j.delivered_at at time zone zone.name)::date as day) as d
  where j.delivered_at is not null and j.promised_date is not null
  group by 1, 2, 3, 4, 5, 6`;

/** Adds `rows` (of deliveryDayRows, any number of them as a union) to `analytics_delivery_days`, as addJobDays. */
const addDeliveryDays = (rows: SQL) => sql`
  insert into analytics_delivery_days (day, item_kind, location_id, product_type_id, salesperson_id, days_late, jobs)
  select day, item_kind, location_id, product_type_id, salesperson_id, days_late, sum(jobs)::int
  from (${rows}) as d
  group by 1, 2, 3, 4, 5, 6
  having sum(jobs) <> 0
  order by 1, 2, 3, 4, 5, 6
  on conflict on constraint analytics_delivery_days_pk do update set
    jobs = analytics_delivery_days.jobs + excluded.jobs`;

/**
 * Both day rollups of the jobs (`analytics_job_days`, `analytics_delivery_days`) moved from the jobs as they
 * were (`before`) to the jobs as they are (`after`), as two data-modifying CTEs named job_days and
 * delivery_days, for the statement that writes the jobs.
 */
export const shiftJobDayRollups = (before: SQL, after: SQL) => sql`
  job_days as (
    ${addJobDays(sql`${jobDayRows(before, -1)} union all ${jobDayRows(after, 1)}`)}
    returning 1
  ),
  delivery_days as (
    ${addDeliveryDays(sql`${deliveryDayRows(before, -1)} union all ${deliveryDayRows(after, 1)}`)}
    returning 1
  )`;

/** The day rollups of the jobs from the facts, whole (after a rebuild, a new zone, or once for a workshop upgrading). */
export async function fillJobDayRollups(db: TDatabase): Promise<void> {
  await db.execute(sql`delete from analytics_job_days`);
  await db.execute(addJobDays(jobDayRows(sql`analytics_jobs`, 1)));
  await db.execute(sql`delete from analytics_delivery_days`);
  await db.execute(addDeliveryDays(deliveryDayRows(sql`analytics_jobs`, 1)));
}

/**
 * Rows of the step rollup `analytics_step_days` for the delivered jobs among `jobs` (a set of item_kind and
 * item_id), counted `sign` times: one per UTC day of delivery, step kind, step key, minutes, kind and location.
 */
const stepDayRows = (jobs: SQL, sign: 1 | -1) => sql`
  select (j.delivered_at at time zone 'UTC')::date, s.step_kind, s.step_key, s.minutes, j.item_kind,
    coalesce(j.location_id, ''), ${sign}::int * count(*)::int
  from ${jobs} as x
  join analytics_jobs j on j.item_kind = x.item_kind and j.item_id = x.item_id
  join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id
  where j.delivered_at is not null
  group by 1, 2, 3, 4, 5, 6
  order by 1, 2, 3, 4, 5, 6`;

/**
 * Adds (sign 1) or takes away (sign -1) the phase minutes of these jobs, those delivered, in the phase-time
 * rollup `analytics_phase_days` (docs/decisions/013-analytics-rollups.md). A change to a delivered job's phase
 * minutes or delivery takes its counts away first and adds them back after.
 */
export async function shiftPhaseDays(
  db: TDatabase,
  jobs: readonly { kind: string; id: string }[],
  sign: 1 | -1,
): Promise<void> {
  if (jobs.length === 0) return;
  const list = JSON.stringify(jobs.map((job) => ({ item_kind: job.kind, item_id: job.id })));
  await db.execute(sql`
    insert into analytics_phase_days (day, item_kind, phase_key, location_id, salesperson_id, minutes, jobs)
    select (j.delivered_at at time zone 'UTC')::date, j.item_kind, s.step_key, coalesce(j.location_id, ''),
      coalesce(j.salesperson_id::text, ''), s.minutes, ${sign}::int * count(*)::int
    from (select distinct * from jsonb_to_recordset(${list}::jsonb) as x(item_kind text, item_id uuid)) as x
    join analytics_jobs j on j.item_kind = x.item_kind and j.item_id = x.item_id
    join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'phase'
    where j.delivered_at is not null
    group by 1, 2, 3, 4, 5, 6
    on conflict (day, item_kind, phase_key, location_id, salesperson_id, minutes) do update set
      jobs = analytics_phase_days.jobs + excluded.jobs`);
  // Every step of the same jobs, for root cause's medians (analytics_step_days).
  await db.execute(sql`
    insert into analytics_step_days (day, step_kind, step_key, minutes, item_kind, location_id, jobs)
    ${stepDayRows(sql`(select distinct * from jsonb_to_recordset(${list}::jsonb) as x(item_kind text, item_id uuid))`, sign)}
    on conflict on constraint analytics_step_days_pk do update set jobs = analytics_step_days.jobs + excluded.jobs`);
}

/** The step rollup from the facts, whole (after a rebuild, or once for a workshop upgrading). */
export async function fillStepDays(db: TDatabase): Promise<void> {
  await db.execute(sql`truncate analytics_step_days`);
  await db.execute(sql`
    insert into analytics_step_days (day, step_kind, step_key, minutes, item_kind, location_id, jobs)
    ${stepDayRows(sql`(select item_kind, item_id from analytics_jobs where delivered_at is not null)`, 1)}`);
}

/** The phase-time rollup from the facts, whole (after a rebuild, or once for a workshop upgrading). */
export async function fillPhaseDays(db: TDatabase): Promise<void> {
  await db.execute(sql`truncate analytics_phase_days`);
  await db.execute(sql`
    insert into analytics_phase_days (day, item_kind, phase_key, location_id, salesperson_id, minutes, jobs)
    select (j.delivered_at at time zone 'UTC')::date, j.item_kind, s.step_key, coalesce(j.location_id, ''),
      coalesce(j.salesperson_id::text, ''), s.minutes, count(*)::int
    from analytics_jobs j
    join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'phase'
    where j.delivered_at is not null
    group by 1, 2, 3, 4, 5, 6`);
}

/** The station dwell rollups from the visits, whole (after a rebuild, or once for a workshop upgrading). */
export async function fillStationDwell(db: TDatabase): Promise<void> {
  for (const rollup of STATION_DWELL_TABLES) {
    await db.execute(sql.raw(`truncate ${rollup.table}`));
    await db.execute(addStationDwell(rollup, sql`analytics_visits`));
  }
}
