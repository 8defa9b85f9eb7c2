import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { rebuildFacts, rebuildIfMissing, type TRebuildHooks } from './facts-rebuild-repository.ts';
import {
  addStationDwell,
  addWipDays,
  fillJobDayRollups,
  STATION_DWELL_TABLES,
  shiftJobDayRollups,
  shiftPhaseDays,
} from './facts-rollups-repository.ts';

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

/** `visits` in rounds that keep their order: the first round holds each job's first visit, the next its second… */
function roundsByJob(visits: readonly TClosedVisit[]): TClosedVisit[][] {
  const rounds: TClosedVisit[][] = [];
  const seen = new Map<string, number>();
  for (const visit of visits) {
    const key = `${visit.itemKind}:${visit.itemId}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    const round = rounds[index];
    if (round === undefined) rounds.push([visit]);
    else round.push(visit);
  }
  return rounds;
}

/**
 * Writes the analytics facts (docs/decisions/009-analytics-facts.md) in the caller's transaction: the
 * projection of the moves records the visits they ended (decision 026: behind the history by its lag only),
 * and the status change that delivers a job records the delivery.
 */
export function createAnalyticsFactsRepository(db: TDatabase) {
  /** One statement's visits: at most one of each job (recordVisits). */
  async function recordRound(visits: readonly TClosedVisit[]): Promise<void> {
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
  }

  return {
    /**
     * Visits the moves ended, in the order they ended, each with its job's counters and its phase, station
     * and offsite minutes added: one statement per round, where a round holds each job's next visit, so a
     * visit counts as rework against the same job's visits before it. A visit recorded before (same job,
     * same arrival) is skipped, and so are its counters.
     */
    async recordVisits(visits: readonly TClosedVisit[]): Promise<void> {
      for (const round of roundsByJob(visits)) await recordRound(round);
    },
    /** Every fact rebuilt from the history (facts-rebuild-repository.ts); in a transaction when others write. */
    rebuildFacts: (): Promise<void> => rebuildFacts(db),

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
      return inTransaction(db, async (tx) => {
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

    /** At start: the facts, or the rollups they lack, made once from the history. Returns whether it did. */
    rebuildIfMissing: (hooks?: TRebuildHooks): Promise<boolean> => rebuildIfMissing(db, hooks),

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
