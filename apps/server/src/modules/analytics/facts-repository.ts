import { type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';

/** A visit that a move has just ended: where the job was, from when to when. */
export type TClosedVisit = {
  readonly itemKind: 'order' | 'repair';
  readonly itemId: string;
  readonly stationId: string;
  readonly departmentId: string;
  readonly arrivedAt: Date;
  readonly leftAt: Date;
  readonly minutes: number;
  /** The part of it spent offsite (from offsite detection to the read that brought it back). */
  readonly offsiteMinutes: number;
};

/** Domain `minutesBucket` in SQL, of a number of minutes. */
export const bucketOfMinutes = (minutes: SQL) => sql`floor(ln(greatest(${minutes}, 0) + 1) / ln(2) * 4)::int`;

/** Domain `minutesBucket` in SQL, of a visit's minutes at its station (offsite time left out). */
export const STATION_BUCKET_SQL = bucketOfMinutes(sql.raw('minutes - offsite_minutes'));

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
const STATION_DWELL_TABLES = [
  { period: 'day', table: 'analytics_station_dwell_days' },
  { period: 'month', table: 'analytics_station_dwell_months' },
] as const;

/** Adds the station dwell rows of `source` to a rollup, counts of the same key summed. */
const addStationDwell = (rollup: (typeof STATION_DWELL_TABLES)[number], source: SQL) => sql`
  insert into ${sql.raw(rollup.table)} (${sql.raw(rollup.period)}, item_kind, product_type_id, station_id,
    department_id, location_id, salesperson_id, minutes, visits, rework_visits)
  ${stationDwellRows(rollup.period, source)}
  on conflict on constraint ${sql.raw(`${rollup.table}_pk`)} do update set
    visits = ${sql.raw(rollup.table)}.visits + excluded.visits,
    rework_visits = ${sql.raw(rollup.table)}.rework_visits + excluded.rework_visits`;

/** The zone whose midnights `analytics_wip_days` counts at (one row; UTC if it were missing). */
const WIP_ZONE = sql`coalesce((select z.time_zone from analytics_wip_zone z), 'UTC')`;

/** The visits of `source` (as `v`) paired with each midnight `m` (local wall time) of the rollup's zone they span. */
const visitsAtMidnights = (source: SQL) => sql`
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
const addWipDays = (source: SQL) => sql`
  insert into analytics_wip_days (day, item_kind, phase_key, location_id, department_id, product_type_id,
    salesperson_id, jobs)
  ${wipDayRows(source)}
  on conflict on constraint analytics_wip_days_pk do update set jobs = analytics_wip_days.jobs + excluded.jobs`;

/** The work-in-progress rollup from the visits, whole (after a rebuild, or once for a workshop upgrading). */
async function fillWipDays(db: TDatabase): Promise<void> {
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
const shiftJobDayRollups = (before: SQL, after: SQL) => sql`
  job_days as (
    ${addJobDays(sql`${jobDayRows(before, -1)} union all ${jobDayRows(after, 1)}`)}
    returning 1
  ),
  delivery_days as (
    ${addDeliveryDays(sql`${deliveryDayRows(before, -1)} union all ${deliveryDayRows(after, 1)}`)}
    returning 1
  )`;

/** The day rollups of the jobs from the facts, whole (after a rebuild, a new zone, or once for a workshop upgrading). */
async function fillJobDayRollups(db: TDatabase): Promise<void> {
  await db.execute(sql`delete from analytics_job_days`);
  await db.execute(addJobDays(jobDayRows(sql`analytics_jobs`, 1)));
  await db.execute(sql`delete from analytics_delivery_days`);
  await db.execute(addDeliveryDays(deliveryDayRows(sql`analytics_jobs`, 1)));
}

/**
 * The phase a visit counts to: the phase of the job's workflow (its product type's own template, else its
 * kind's default) that lists the visited department. The same rule the workflow follows on reads.
 */
const phaseOfVisit = sql`(
  select phase->>'key'
  from workflow_templates t cross join lateral jsonb_array_elements(t.phases) with ordinality as p(phase, position)
  where t.kind = i.item_kind
    and (t.product_type_id is null or t.product_type_id = o.product_type_id)
    and phase->'departmentIds' ? i.department_id
  order by t.product_type_id nulls last, position
  limit 1
)`;

/**
 * A rebuilt visit's offsite minutes (`i` the visit, `back` the job's return from offsite at the read that
 * ended it), as the move records them live: only a visit ended by the read that brings the piece back
 * counts a vendor leg, from the sweep's latest detection in it to that read, at most the whole visit. A
 * visit whose detection predates the 'offsite-detected' changes takes the tracked row's, if it lies in it.
 */
const offsiteMinutesOfVisit = sql`case when back.at is null then 0 else coalesce(least(
  floor(extract(epoch from (i.left_at - i.arrived_at)) / 60),
  greatest(0, floor(extract(epoch from (i.left_at - coalesce(
    (select max(c.at) from item_changes c
      where c.item_kind = i.item_kind and c.item_id = i.item_id and c.action = 'offsite-detected'
        and c.at >= i.arrived_at and c.at <= i.left_at),
    (select t.offsite_detected_at from tracked_items t
      where t.item_kind = i.item_kind and t.item_id = i.item_id
        and t.offsite_detected_at >= i.arrived_at and t.offsite_detected_at <= i.left_at)))) / 60))
)::int, 0) end`;

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
async function shiftPhaseDays(
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

/**
 * Locks these jobs' rows of `analytics_jobs` until the caller's transaction ends, in key order, first making
 * the rows of jobs never read (a job's row is written by the caller before it commits). A tracking batch and
 * a delivery of the same job each move the job's rollup counts from the job as they find it, so the later
 * of the two must wait for the earlier to commit and then find what it wrote
 * (docs/decisions/013-analytics-rollups.md). Row locks rather than advisory locks: a batch may hold
 * thousands of jobs, more than PostgreSQL's shared lock table is sized for.
 */
async function lockJobs(db: TDatabase, jobs: readonly { kind: string; id: string }[]): Promise<void> {
  const keys = sql`(select distinct * from jsonb_to_recordset(${JSON.stringify(
    jobs.map((job) => ({ item_kind: job.kind, item_id: job.id })),
  )}::jsonb) as x(item_kind text, item_id uuid) order by 1, 2)`;
  // Waits for a job's row being made by another transaction; its own statement, so that the lock below
  // (a new snapshot) sees that row once it is committed.
  await db.execute(sql`
    insert into analytics_jobs (item_kind, item_id) select * from ${keys} as k on conflict do nothing`);
  await db.execute(sql`
    select 1 from analytics_jobs j join ${keys} as k on j.item_kind = k.item_kind and j.item_id = k.item_id
    order by j.item_kind, j.item_id for update of j`);
}

/** The step rollup from the facts, whole (after a rebuild, or once for a workshop upgrading). */
async function fillStepDays(db: TDatabase): Promise<void> {
  await db.execute(sql`truncate analytics_step_days`);
  await db.execute(sql`
    insert into analytics_step_days (day, step_kind, step_key, minutes, item_kind, location_id, jobs)
    ${stepDayRows(sql`(select item_kind, item_id from analytics_jobs where delivered_at is not null)`, 1)}`);
}

/** The phase-time rollup from the facts, whole (after a rebuild, or once for a workshop upgrading). */
async function fillPhaseDays(db: TDatabase): Promise<void> {
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
async function fillStationDwell(db: TDatabase): Promise<void> {
  for (const rollup of STATION_DWELL_TABLES) {
    await db.execute(sql.raw(`truncate ${rollup.table}`));
    await db.execute(addStationDwell(rollup, sql`analytics_visits`));
  }
}

/**
 * Writes the analytics facts (docs/decisions/009-analytics-facts.md) in the caller's transaction: the move
 * that ends a visit and the status change that delivers a job record them, so the facts are never behind
 * the history they come from.
 */
export function createAnalyticsFactsRepository(db: TDatabase) {
  return {
    /**
     * The visits a batch of moves ended, each with its job's counters and its phase, station and offsite
     * minutes added, in one statement. A visit recorded before (same job, same arrival) is skipped, and
     * so are its counters.
     */
    async recordVisits(visits: readonly TClosedVisit[]): Promise<void> {
      if (visits.length === 0) return;
      // A delivered job read again: its phase minutes in the rollup are taken away here and added back below.
      const batchJobs = visits.map((visit) => ({ kind: visit.itemKind, id: visit.itemId }));
      await lockJobs(db, batchJobs);
      await shiftPhaseDays(db, batchJobs, -1);
      const rows = JSON.stringify(
        visits.map((visit) => ({
          item_kind: visit.itemKind,
          item_id: visit.itemId,
          station_id: visit.stationId,
          department_id: visit.departmentId,
          arrived_at: visit.arrivedAt.toISOString(),
          left_at: visit.leftAt.toISOString(),
          minutes: visit.minutes,
          offsite_minutes: visit.offsiteMinutes,
        })),
      );
      await db.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${rows}::jsonb) as x(
            item_kind text, item_id uuid, station_id text, department_id text,
            arrived_at timestamptz, left_at timestamptz, minutes integer, offsite_minutes integer)
        ),
        enriched as (
          select i.*, d.location_id, o.product_type_id, o.salesperson_id,
            ${phaseOfVisit} as phase_key,
            (exists (
              select 1 from analytics_visits v
              where v.item_kind = i.item_kind and v.item_id = i.item_id
                and v.department_id = i.department_id and v.left_at < i.arrived_at)
             and not exists (
              select 1 from analytics_visits v
              where v.item_kind = i.item_kind and v.item_id = i.item_id
                and v.department_id = i.department_id and v.left_at = i.arrived_at)) as is_rework
          from input i
          left join departments d on d.id = i.department_id
          left join orders o on i.item_kind = 'order' and o.id = i.item_id
        ),
        inserted as (
          insert into analytics_visits (item_kind, item_id, station_id, department_id, location_id, phase_key,
            product_type_id, salesperson_id, arrived_at, left_at, minutes, offsite_minutes, is_rework)
          select item_kind, item_id, station_id, department_id, location_id, phase_key,
            product_type_id, salesperson_id, arrived_at, left_at, minutes, offsite_minutes, is_rework
          from enriched
          on conflict (item_kind, item_id, arrived_at) do nothing
          returning item_kind, item_id, station_id, department_id, location_id, phase_key, product_type_id,
            salesperson_id, arrived_at, left_at, minutes, offsite_minutes, is_rework
        ),
        ${sql.join(
          STATION_DWELL_TABLES.map(
            (rollup) =>
              sql`${sql.raw(`${rollup.table}_added`)} as (${addStationDwell(rollup, sql`inserted`)} returning 1),`,
          ),
          sql` `,
        )}
        wip_days as (${addWipDays(sql`inserted`)} returning 1),
        -- The batch's jobs as they were (the statement's snapshot), for their day rollups (shiftJobDayRollups).
        jobs_before as (
          select j.* from analytics_jobs j
          where (j.item_kind, j.item_id) in (select item_kind, item_id from inserted)
        ),
        jobs as (
          insert into analytics_jobs (item_kind, item_id, location_id, product_type_id, metal_type_id,
            salesperson_id, promised_date, first_arrival_at, visits, rework_visits, dwell_minutes, offsite_minutes)
          select i.item_kind, i.item_id, (array_agg(i.location_id order by i.arrived_at))[1],
            (array_agg(o.product_type_id))[1], (array_agg(o.metal_type_id))[1], (array_agg(o.salesperson_id))[1],
            (array_agg(coalesce(o.promised_date, r.promised_date)))[1],
            min(i.arrived_at), count(*), count(*) filter (where i.is_rework), sum(i.minutes), sum(i.offsite_minutes)
          from inserted i
          left join orders o on i.item_kind = 'order' and o.id = i.item_id
          left join repairs r on i.item_kind = 'repair' and r.id = i.item_id
          group by i.item_kind, i.item_id
          on conflict (item_kind, item_id) do update set
            location_id = coalesce(analytics_jobs.location_id, excluded.location_id),
            product_type_id = excluded.product_type_id,
            metal_type_id = excluded.metal_type_id,
            salesperson_id = excluded.salesperson_id,
            promised_date = excluded.promised_date,
            first_arrival_at = least(analytics_jobs.first_arrival_at, excluded.first_arrival_at),
            visits = analytics_jobs.visits + excluded.visits,
            rework_visits = analytics_jobs.rework_visits + excluded.rework_visits,
            dwell_minutes = analytics_jobs.dwell_minutes + excluded.dwell_minutes,
            offsite_minutes = analytics_jobs.offsite_minutes + excluded.offsite_minutes
          returning item_kind, item_id, location_id, product_type_id, salesperson_id, promised_date,
            first_arrival_at, delivered_at
        ),
        ${shiftJobDayRollups(sql`jobs_before`, sql`jobs`)}
        insert into analytics_job_steps (item_kind, item_id, step_kind, step_key, minutes, visits, delivered_at)
        -- A job read after its delivery: its steps carry the delivery (as the statement found analytics_jobs).
        select steps.item_kind, steps.item_id, step_kind, step_key, sum(minutes), count(*), min(dj.delivered_at)
        from (
          select item_kind, item_id, 'phase' as step_kind, phase_key as step_key, minutes from inserted
            where phase_key is not null
          union all
          select item_kind, item_id, 'station', station_id, minutes - offsite_minutes from inserted
          union all
          select item_kind, item_id, 'offsite', station_id, offsite_minutes from inserted where offsite_minutes > 0
        ) as steps
        left join analytics_jobs dj on dj.item_kind = steps.item_kind and dj.item_id = steps.item_id
        group by steps.item_kind, steps.item_id, step_kind, step_key
        on conflict (item_kind, item_id, step_kind, step_key) do update set
          minutes = analytics_job_steps.minutes + excluded.minutes,
          visits = analytics_job_steps.visits + excluded.visits,
          delivered_at = excluded.delivered_at
      `);
      await shiftPhaseDays(db, batchJobs, 1);
    },

    /**
     * Rebuilds every fact from `location_history` and the status changes in `item_changes`, in a few
     * set-based statements: for a database whose history predates the facts (the benchmark and the demo seed
     * history this way too). Consecutive arrivals of a job make a visit; its offsite minutes come from the
     * job's offsite detection and return in `item_changes`, as recordVisits counts them. Run it in a
     * transaction when others write.
     */
    async rebuildFacts(): Promise<void> {
      for (const table of [
        'analytics_phase_days',
        'analytics_step_days',
        'analytics_station_dwell_days',
        'analytics_station_dwell_months',
        'analytics_wip_days',
        'analytics_job_days',
        'analytics_delivery_days',
        'analytics_job_steps',
        'analytics_jobs',
        'analytics_visits',
      ]) {
        await db.execute(sql.raw(`truncate ${table}`));
      }
      await db.execute(sql`
        insert into analytics_visits (item_kind, item_id, station_id, department_id, location_id, phase_key,
          product_type_id, salesperson_id, arrived_at, left_at, minutes, offsite_minutes, is_rework)
        with phase_map as (
          -- The phase rule of recordVisits as a table: each template's first phase listing each department.
          select distinct on (t.kind, t.product_type_id, department_id) t.kind, t.product_type_id, department_id,
            phase->>'key' as phase_key
          from workflow_templates t
          cross join lateral jsonb_array_elements(t.phases) with ordinality as p(phase, position)
          cross join lateral jsonb_array_elements_text(phase->'departmentIds') as department_id
          order by t.kind, t.product_type_id, department_id, position
        )
        select i.item_kind, i.item_id, i.station_id, i.department_id, d.location_id,
          coalesce(own.phase_key, fallback.phase_key),
          o.product_type_id, o.salesperson_id, i.arrived_at, i.left_at,
          floor(extract(epoch from (i.left_at - i.arrived_at)) / 60)::int,
          ${offsiteMinutesOfVisit},
          i.earlier_here > 0 and i.previous_department is distinct from i.department_id
        from (
          select h.item_kind, h.item_id, h.station_id, h.department_id, h.arrived_at,
            lead(h.arrived_at) over job as left_at,
            lag(h.department_id) over job as previous_department,
            count(*) over (partition by h.item_kind, h.item_id, h.department_id order by h.arrived_at
              rows between unbounded preceding and 1 preceding) as earlier_here
          from location_history h
          window job as (partition by h.item_kind, h.item_id order by h.arrived_at, h.id)
        ) as i
        left join departments d on d.id = i.department_id
        left join orders o on i.item_kind = 'order' and o.id = i.item_id
        left join phase_map own on own.kind = i.item_kind and own.product_type_id = o.product_type_id
          and own.department_id = i.department_id
        left join phase_map fallback on fallback.kind = i.item_kind and fallback.product_type_id is null
          and fallback.department_id = i.department_id
        left join item_changes back on back.action = 'returned-from-offsite' and back.item_kind = i.item_kind
          and back.item_id = i.item_id and back.at = i.left_at
        where i.left_at is not null and i.left_at > i.arrived_at
        on conflict (item_kind, item_id, arrived_at) do nothing`);
      await db.execute(sql`
        insert into analytics_jobs (item_kind, item_id, location_id, product_type_id, metal_type_id, salesperson_id,
          promised_date, first_arrival_at, visits, rework_visits, dwell_minutes, offsite_minutes, delivered_at)
        select v.item_kind, v.item_id, v.location_id, o.product_type_id, o.metal_type_id, o.salesperson_id,
          coalesce(o.promised_date, r.promised_date), v.first_arrival_at, v.visits, v.rework_visits, v.minutes,
          v.offsite_minutes,
          (select max(c.at) from item_changes c
            where c.item_kind = v.item_kind and c.item_id = v.item_id and c.action = 'status-changed'
              and c.changes->'status'->>'to' in ('delivered', 'picked_up'))
        from (
          select item_kind, item_id, (array_agg(location_id order by arrived_at))[1] as location_id,
            min(arrived_at) as first_arrival_at, count(*)::int as visits,
            count(*) filter (where is_rework)::int as rework_visits, sum(minutes) as minutes,
            sum(offsite_minutes) as offsite_minutes
          from analytics_visits group by item_kind, item_id
        ) as v
        left join orders o on v.item_kind = 'order' and o.id = v.item_id
        left join repairs r on v.item_kind = 'repair' and r.id = v.item_id`);
      await db.execute(sql`
        insert into analytics_job_steps (item_kind, item_id, step_kind, step_key, minutes, visits, delivered_at)
        select s.*, j.delivered_at from (
          select item_kind, item_id, 'phase' as step_kind, phase_key as step_key, sum(minutes) as minutes,
            count(*) as visits
          from analytics_visits where phase_key is not null group by item_kind, item_id, phase_key
          union all
          select item_kind, item_id, 'station', station_id, sum(minutes - offsite_minutes), count(*)
            from analytics_visits group by item_kind, item_id, station_id
          union all
          select item_kind, item_id, 'offsite', station_id, sum(offsite_minutes), count(*) from analytics_visits
            where offsite_minutes > 0 group by item_kind, item_id, station_id
        ) as s
        join analytics_jobs j on j.item_kind = s.item_kind and j.item_id = s.item_id`);
      await fillStationDwell(db);
      await fillWipDays(db);
      await fillPhaseDays(db);
      await fillStepDays(db);
      await fillJobDayRollups(db);
    },

    /**
     * Keeps the work-in-progress rollup at the midnights of the workshop's zone: when `timeZone` is not the
     * rollup's, refills it for that zone, in one transaction (readers meanwhile get the old counts, whose
     * instants they still match exactly, and search the visits for the rest). Returns whether it refilled.
     */
    async syncWipTimeZone(timeZone: string): Promise<boolean> {
      const zoneOf = async (on: TDatabase) =>
        (
          (await on.execute(sql`select time_zone from analytics_wip_zone`)) as {
            rows: { time_zone: string }[];
          }
        ).rows[0]?.time_zone;
      // Every start asks: without a lock when nothing changes.
      if ((await zoneOf(db)) === timeZone) return false;
      return db.transaction(async (tx) => {
        // Reads go on; a batch recording visits waits, then counts at the new zone's midnights. delete, not
        // truncate, whose lock would stop the reads too.
        await tx.execute(
          sql`lock table analytics_wip_days, analytics_job_days, analytics_delivery_days in exclusive mode`,
        );
        if ((await zoneOf(tx)) === timeZone) return false;
        await tx.execute(sql`delete from analytics_wip_zone`);
        await tx.execute(sql`insert into analytics_wip_zone (time_zone) values (${timeZone})`);
        await tx.execute(sql`delete from analytics_wip_days`);
        await tx.execute(addWipDays(sql`analytics_visits`));
        await fillJobDayRollups(tx);
        return true;
      });
    },

    /**
     * A workshop upgrading to a Loupe with analytics has history but no facts yet: rebuild them once, at start.
     * The table lock makes a second instance starting at the same time wait and then find the facts there.
     * Returns whether it rebuilt.
     */
    async rebuildIfMissing(): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table analytics_jobs in share row exclusive mode`);
        const { rows } = (await tx.execute(sql`
          select exists (select 1 from analytics_jobs) as has_facts,
            exists (select 1 from location_history) as has_history,
            exists (select 1 from analytics_phase_days) as has_phase_days,
            -- Phase days kept before they had a location (migration 0020): none has one, though a delivered job
            -- with phase minutes was read somewhere.
            (not exists (select 1 from analytics_phase_days where location_id <> '')
              and exists (select 1 from analytics_jobs j
                join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id
                  and s.step_kind = 'phase'
                where j.delivered_at is not null and j.location_id is not null)) as lacks_phase_locations,
            -- Rollups kept before they had a salesperson (migration 0023): none has one, though a job with one
            -- counts in them. Each fill below writes its salespeople, so this holds once.
            (not exists (select 1 from analytics_phase_days where salesperson_id <> '')
              and exists (select 1 from analytics_jobs j
                join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id
                  and s.step_kind = 'phase'
                where j.delivered_at is not null and j.salesperson_id is not null)) as lacks_phase_salespeople,
            (not (exists (select 1 from analytics_station_dwell_days where salesperson_id <> '')
                and exists (select 1 from analytics_station_dwell_months where salesperson_id <> ''))
              and exists (select 1 from analytics_visits where salesperson_id is not null))
              as lacks_station_salespeople,
            (not exists (select 1 from analytics_wip_days where salesperson_id <> '')
              and exists (select 1 ${visitsAtMidnights(sql`analytics_visits`)}
                and v.salesperson_id is not null)) as lacks_wip_salespeople,
            exists (select 1 from analytics_jobs where delivered_at is not null) as has_deliveries,
            exists (select 1 from analytics_visits) as has_visits,
            exists (select 1 from analytics_station_dwell_days)
              and exists (select 1 from analytics_station_dwell_months) as has_station_dwell,
            -- The visits are searched only when the rollup is empty.
            (not exists (select 1 from analytics_wip_days)
              and exists (select 1 ${visitsAtMidnights(sql`analytics_visits`)})) as lacks_wip_days,
            -- Jobs but no job-day counts (facts from before migration 0026), or deliveries with a promise but
            -- no delivery counts (before migration 0027).
            (not exists (select 1 from analytics_job_days)
              or (not exists (select 1 from analytics_delivery_days)
                and exists (select 1 from analytics_jobs where delivered_at is not null and promised_date is not null)))
              as lacks_job_day_rollups,
            -- Steps of delivered jobs but no step counts: facts from before migration 0025.
            (not exists (select 1 from analytics_step_days)
              and exists (select 1 from analytics_job_steps where delivered_at is not null)) as lacks_step_days`)) as {
          rows: {
            has_facts: boolean;
            has_history: boolean;
            has_phase_days: boolean;
            has_deliveries: boolean;
            lacks_phase_locations: boolean;
            lacks_phase_salespeople: boolean;
            lacks_station_salespeople: boolean;
            lacks_wip_salespeople: boolean;
            has_visits: boolean;
            has_station_dwell: boolean;
            lacks_wip_days: boolean;
            lacks_step_days: boolean;
            lacks_job_day_rollups: boolean;
          }[];
        };
        const [row] = rows;
        // Facts from before a rollup or one of its keys (migrations 0018 to 0020, 0023): fill each such rollup
        // from them once.
        const fillsPhaseDays = Boolean(
          row?.has_facts &&
            row.has_deliveries &&
            (!row.has_phase_days || row.lacks_phase_locations || row.lacks_phase_salespeople),
        );
        const fillsStationDwell = Boolean(
          row?.has_facts && row.has_visits && (!row.has_station_dwell || row.lacks_station_salespeople),
        );
        // Visits under way at a midnight but no work-in-progress counts: facts from before migration 0020.
        const fillsWipDays = Boolean(row?.has_facts && (row.lacks_wip_days || row.lacks_wip_salespeople));
        if (fillsPhaseDays) await fillPhaseDays(tx);
        if (fillsStationDwell) await fillStationDwell(tx);
        if (fillsWipDays) await fillWipDays(tx);
        const fillsStepDays = Boolean(row?.has_facts && row.lacks_step_days);
        if (fillsStepDays) await fillStepDays(tx);
        const fillsJobDayRollups = Boolean(row?.has_facts && row.lacks_job_day_rollups);
        if (fillsJobDayRollups) await fillJobDayRollups(tx);
        if (fillsPhaseDays || fillsStationDwell || fillsWipDays || fillsStepDays || fillsJobDayRollups)
          return true;
        if (row === undefined || row.has_facts || !row.has_history) return false;
        await createAnalyticsFactsRepository(tx).rebuildFacts();
        return true;
      });
    },

    /**
     * A job handed to its customer: its delivery time, with what the screens group it by as it stands now
     * (product type, metal, salesperson, promised date). A job never read gets its row here.
     */
    async recordDelivered(kind: 'order' | 'repair', itemId: string, at: Date): Promise<void> {
      const job =
        kind === 'order'
          ? sql`select product_type_id, metal_type_id, salesperson_id, promised_date from orders where id = ${itemId}`
          : sql`select null::uuid, null::uuid, null::uuid, promised_date from repairs where id = ${itemId}`;
      const delivered = [{ kind, id: itemId }];
      await lockJobs(db, delivered);
      await shiftPhaseDays(db, delivered, -1);
      await db.execute(sql`
        with jobs_before as (
          select * from analytics_jobs where item_kind = ${kind} and item_id = ${itemId}::uuid
        ),
        jobs as (
          insert into analytics_jobs (item_kind, item_id, product_type_id, metal_type_id, salesperson_id,
            promised_date, delivered_at)
          select ${kind}, ${itemId}::uuid, j.* , ${at.toISOString()}::timestamptz from (${job}) as j
          on conflict (item_kind, item_id) do update set
            product_type_id = excluded.product_type_id,
            metal_type_id = excluded.metal_type_id,
            salesperson_id = excluded.salesperson_id,
            promised_date = excluded.promised_date,
            delivered_at = excluded.delivered_at
          returning item_kind, item_id, location_id, product_type_id, salesperson_id, promised_date,
            first_arrival_at, delivered_at
        ),
        ${shiftJobDayRollups(sql`jobs_before`, sql`jobs`)}
        select 1
      `);
      await db.execute(sql`
        update analytics_job_steps set delivered_at = ${at.toISOString()}::timestamptz
        where item_kind = ${kind} and item_id = ${itemId}::uuid`);
      await shiftPhaseDays(db, delivered, 1);
    },
  };
}
