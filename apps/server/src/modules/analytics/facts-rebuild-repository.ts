import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  fillJobDayRollups,
  fillPhaseDays,
  fillStationDwell,
  fillStepDays,
  fillWipDays,
  visitsAtMidnights,
} from './facts-rollups-repository.ts';

// The analytics facts rebuilt from the location history: whole, or what a workshop upgrading lacks.

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
 * Rebuilds every fact from `location_history` and the status changes in `item_changes`, in a few
 * set-based statements: for a database whose history predates the facts (the benchmark and the demo seed
 * history this way too). Consecutive arrivals of a job make a visit; its offsite minutes come from the
 * job's offsite detection and return in `item_changes`, as recordVisits counts them. Run it in a
 * transaction when others write.
 */
export async function rebuildFacts(db: TDatabase): Promise<void> {
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
}

/** What runs in a rebuild's transaction around it: before it reads the history, and once it is done. */
export type TRebuildHooks = {
  readonly beforeRebuild?: (tx: TDatabase) => Promise<void>;
  readonly afterRebuild?: (tx: TDatabase) => Promise<void>;
};

/**
 * A workshop upgrading to a Loupe with analytics has history but no facts yet: rebuild them once, at start.
 * The table lock makes a second instance starting at the same time wait and then find the facts there.
 * Returns whether it rebuilt.
 */
export async function rebuildIfMissing(db: TDatabase, hooks: TRebuildHooks = {}): Promise<boolean> {
  return inTransaction(db, async (tx) => {
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
    await hooks.beforeRebuild?.(tx);
    await rebuildFacts(tx);
    await hooks.afterRebuild?.(tx);
    return true;
  });
}
