import { sql } from 'drizzle-orm';
import type { TDatabase } from '../src/db/client.ts';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';

/**
 * A workshop's past in bulk SQL (generate_series), for the analytics benchmark: two locations of six
 * departments with four stations each, orders (¾) and repairs (¼) started evenly over the past year, each
 * read `visitsPerJob` times through six phases at about 40 minutes a station, three jobs in ten held up
 * 25 hours at one station, one in seven sent back a phase (rework), most delivered, some late; then the
 * analytics facts are rebuilt from that history (the same `rebuildFacts` an upgrade would run).
 */
export type TAnalyticsSeed = { readonly jobs: number; readonly events: number; readonly now: Date };

const PHASES = ['design', 'cad', 'casting', 'setting', 'polishing', 'qa'] as const;
const PHASE_NAMES = ['Design', 'CAD', 'Casting', 'Stone setting', 'Polishing', 'Quality check'];
const PRODUCT_TYPES = ['Ring', 'Pendant', 'Bracelet', 'Earrings', 'Brooch', 'Necklace', 'Band', 'Signet'];
const METALS = ['18k yellow gold', '14k white gold', 'Platinum', 'Sterling silver', 'Rose gold'];

export async function seedAnalyticsHistory(db: TDatabase, options: TAnalyticsSeed): Promise<void> {
  const visits = Math.max(6, Math.floor(options.events / options.jobs));
  const now = options.now.toISOString();
  const run = (statement: ReturnType<typeof sql>) => db.execute(statement);

  await run(sql`insert into locations (id, name) values ('BENCH-A', 'Main workshop'), ('BENCH-B', 'Second workshop')
    on conflict do nothing`);
  await run(sql`
    insert into departments (id, name, gradient, icon_name, location_id, position)
    select 'BD' || d, (array[${sql.raw(PHASE_NAMES.map((n) => `'${n}'`).join(','))}])[((d - 1) % 6) + 1]
        || case when d > 6 then ' (B)' else '' end,
      'from-slate-500 to-slate-700', 'gem', case when d > 6 then 'BENCH-B' else 'BENCH-A' end, d
    from generate_series(1, 12) as d`);
  await run(sql`
    insert into stations (id, department_id, name, position, jeweler_name)
    select 'BS' || d || '-' || s, 'BD' || d, 'Station ' || s, s, null
    from generate_series(1, 12) as d, generate_series(1, 4) as s`);
  await run(
    sql`insert into product_types (name) select unnest(${sql.raw(`array[${PRODUCT_TYPES.map((n) => `'${n}'`).join(',')}]`)})`,
  );
  await run(
    sql`insert into metal_types (name) select unnest(${sql.raw(`array[${METALS.map((n) => `'${n}'`).join(',')}]`)})`,
  );
  await run(sql`
    insert into users (email, first_name, last_name, role, email_verified)
    select 'seller' || g || '@bench.example', 'Seller', 'Number ' || g, 'salesperson', true
    from generate_series(1, 10) as g`);
  await run(sql`
    insert into customers (name, search_text)
    select 'Customer ' || g, 'customer ' || g from generate_series(1, 1000) as g`);
  const phases = (kind: string) =>
    JSON.stringify(
      PHASES.map((key, index) => ({
        key,
        name: PHASE_NAMES[index],
        departmentIds: [`BD${index + 1}`, `BD${index + 7}`],
        targetHours: 8,
        completerRoles: kind === 'order' ? ['production'] : ['operator'],
        needsSignOff: false,
      })),
    );
  await run(sql`insert into workflow_templates (kind, product_type_id, name, phases)
    values ('order', null, 'Custom orders', ${phases('order')}::jsonb),
           ('repair', null, 'Repairs', ${phases('repair')}::jsonb)`);

  // The jobs: the n-th starts n/jobs of a year ago; jobs with n % 4 = 0 are the second location's.
  const span = sql`interval '365 days'`;
  const jobDone = sql`(${visits} * 40 + 1500 + 240) * interval '1 minute'`;
  await run(sql`
    create unlogged table bench_jobs as
    with refs as (
      select (select array_agg(id order by name) from product_types) as pts,
        (select array_agg(id order by name) from metal_types) as metals,
        (select array_agg(id order by email) from users where email like '%@bench.example') as sellers,
        (select array_agg(id order by name) from customers) as customers
    )
    -- One job in four a repair, spread over the year and both locations (n % 4 = 0 is the second location's).
    select g as n, case when (g / 4) % 4 = 1 then 'repair' else 'order' end as kind, gen_random_uuid() as id,
      ${now}::timestamptz - ${span} * (${options.jobs} - g + 1)::float8 / ${options.jobs} as started,
      refs.pts[(g % 8) + 1] as product_type_id, refs.metals[(g % 5) + 1] as metal_type_id,
      refs.sellers[(g % 10) + 1] as salesperson_id, refs.customers[(g % 1000) + 1] as customer_id
    from generate_series(1, ${options.jobs}) as g, refs`);
  await run(sql`alter table bench_jobs add primary key (n)`);
  await run(sql`
    insert into orders (id, order_number, customer_id, product_type_id, metal_type_id, salesperson_id, promised_date,
      status, search_text, created_at, updated_at)
    select id, 'ORD-' || lpad(n::text, 6, '0'), customer_id, product_type_id, metal_type_id, salesperson_id,
      (started + interval '3 days' + (n % 3) * interval '1 day')::date,
      case when started + ${jobDone} < ${now}::timestamptz then 'delivered' else 'in_production' end,
      'ord-' || n, started, started
    from bench_jobs where kind = 'order'`);
  await run(sql`
    insert into repairs (id, repair_number, customer_id, item_description, promised_date, status, search_text,
      created_at, updated_at)
    select id, 'REP-' || lpad(n::text, 6, '0'), customer_id, 'Ring to resize',
      (started + interval '3 days' + (n % 3) * interval '1 day')::date,
      case when started + ${jobDone} < ${now}::timestamptz then 'picked_up' else 'in_progress' end,
      'rep-' || n, started, started
    from bench_jobs where kind = 'repair'`);

  // The reads: visit k of job n in phase floor(k·6/visits), one in seven sent back a phase half-way.
  const phaseOf = sql`(least(5, greatest(0, floor(k * 6.0 / ${visits})::int
    - case when n % 7 = 0 and k between ${Math.floor(visits / 2)} and ${Math.floor(visits / 2) + 1} then 1 else 0 end)))`;
  const arrival = sql`(started + (k * 40 + ((n * 7 + k * 13) % 30)
    + case when n % 10 < 3 and k > (n % ${visits}) then 1500 else 0 end) * interval '1 minute')`;
  await run(sql`
    insert into location_history (item_kind, item_id, epc, department_id, department_name, department_gradient,
      station_id, station_name, arrived_at, duration_minutes)
    select kind, id, 'E' || lpad(n::text, 23, '0'),
      'BD' || (${phaseOf} + 1 + case when n % 4 = 0 then 6 else 0 end), 'Department', 'from-slate-500 to-slate-700',
      'BS' || (${phaseOf} + 1 + case when n % 4 = 0 then 6 else 0 end) || '-' || ((n + k) % 4 + 1), 'Station',
      ${arrival}, 40
    from bench_jobs, generate_series(0, ${visits - 1}) as k
    where ${arrival} < ${now}::timestamptz`);
  // Deliveries: four hours after the last read, as the status change records them.
  await run(sql`
    insert into item_changes (item_kind, item_id, at, action, changes)
    select kind, id, started + ((${visits - 1}) * 40 + 30 + case when n % 10 < 3 then 1500 else 0 end + 240)
        * interval '1 minute', 'status-changed',
      jsonb_build_object('status', jsonb_build_object('from', 'ready',
        'to', case when kind = 'order' then 'delivered' else 'picked_up' end))
    from bench_jobs where started + ${jobDone} < ${now}::timestamptz`);
  // Open jobs: tagged, standing where they were last read, in that phase.
  await run(sql`
    insert into tracked_items (item_kind, item_id, epc, status, current_department_id, current_station_id, arrived_at,
      last_seen_at)
    select distinct on (h.item_kind, h.item_id) h.item_kind, h.item_id, h.epc, 'active', h.department_id, h.station_id,
      h.arrived_at, h.arrived_at
    from location_history h join bench_jobs j on j.id = h.item_id
    where j.started + ${jobDone} >= ${now}::timestamptz
    order by h.item_kind, h.item_id, h.arrived_at desc`);
  await run(sql`
    insert into job_workflows (item_kind, item_id, phase_key, phase_started_at)
    select ti.item_kind, ti.item_id,
      (array[${sql.raw(PHASES.map((p) => `'${p}'`).join(','))}])[((substring(ti.current_department_id from 3)::int - 1) % 6) + 1],
      ti.arrived_at
    from tracked_items ti join bench_jobs j on j.id = ti.item_id`);
  await run(sql`drop table bench_jobs`);
  await createAnalyticsFactsRepository(db).rebuildFacts();
  // What autovacuum does to a table this size: statistics, and the visibility map that index-only scans read.
  await run(sql`vacuum (analyze)`);
}
