import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsHistory } from '../bench/analytics-seed.ts';
import type { TDatabaseHandle } from '../src/db/client.ts';
import { createComparisonAnalyticsRepository } from '../src/modules/analytics/comparison-repository.ts';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';
import { createOnTimeAnalyticsRepository } from '../src/modules/analytics/on-time-repository.ts';
import { createProductTypeAnalyticsRepository } from '../src/modules/analytics/product-types-repository.ts';
import { createRootCauseAnalyticsRepository } from '../src/modules/analytics/root-cause-repository.ts';
import type { TScope } from '../src/modules/analytics/scope.ts';
import { createWorkflowAnalyticsRepository } from '../src/modules/analytics/workflow-repository.ts';
import { UNFILTERED } from './support/analytics-workshop.ts';
import { openTestDatabase, TEST_DATABASES } from './support/databases.ts';

/**
 * The figures of delivered jobs (on-time groups, product type groups, a comparison side, the prediction
 * error) against their plain definitions — each job's text keys and numeric durations, grouped as written —
 * on the benchmark's seeded workshop (orders with and without a product type, repairs, ten salespeople, two
 * locations, late and early deliveries), under each filter and in a zone other than UTC. The repository
 * groups by timestamps and uuids and computes in float8 for speed; the answers must not move.
 */
describe.each(TEST_DATABASES)('delivered-job figures on %s', (database) => {
  let handle: TDatabaseHandle;
  const now = new Date('2026-06-15T12:00:00Z');
  const filters = { productTypeId: '', salespersonId: '', locationId: '' };

  async function rows(statement: ReturnType<typeof sql>) {
    return ((await handle.db.execute(statement)) as { rows: Record<string, unknown>[] }).rows;
  }

  const scope = (days: number, extra: Partial<TScope> = {}): TScope => {
    const toAt = new Date('2026-06-16T00:00:00Z');
    const fromAt = new Date(toAt.getTime() - days * 86_400_000);
    return {
      fromAt,
      toAt,
      fromDay: fromAt.toISOString().slice(0, 10),
      toDay: '2026-06-15',
      ...UNFILTERED,
      ...extra,
    };
  };

  /** The filters as the repository applies them, for the plain queries. */
  const where = (s: TScope) => sql`j.delivered_at >= ${s.fromAt.toISOString()}::timestamptz
    and j.delivered_at < ${s.toAt.toISOString()}::timestamptz
    and (${s.kind}::text is null or j.item_kind = ${s.kind})
    and (${s.locationId}::text is null or j.location_id = ${s.locationId})
    and (${s.productTypeId}::uuid is null or j.product_type_id = ${s.productTypeId}::uuid)
    and (${s.salespersonId}::uuid is null or j.salesperson_id = ${s.salespersonId}::uuid)`;
  const late = (s: TScope) => sql`((j.delivered_at at time zone ${s.timeZone})::date - j.promised_date)`;
  const cycle = sql`(extract(epoch from (j.delivered_at - j.first_arrival_at)) / 86400.0)`;

  const scopes = () => [
    scope(90),
    scope(365),
    scope(365, {
      timeZone: 'America/New_York',
      fromAt: new Date('2025-06-16T04:00:00Z'),
      toAt: new Date('2026-06-16T04:00:00Z'),
    }),
    scope(365, { kind: 'repair' }),
    scope(365, { kind: 'order', productTypeId: filters.productTypeId }),
    scope(365, { salespersonId: filters.salespersonId }),
    scope(90, { locationId: filters.locationId }),
  ];

  /** Numbers to 9 decimals: float8 and numeric part in the last digits. */
  const rounded = (list: Record<string, unknown>[]) =>
    list
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            typeof value === 'number' || (typeof value === 'string' && /^-?\d+\.\d+$/.test(value))
              ? Math.round(Number(value) * 1e9) / 1e9
              : value,
          ]),
        ),
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

  beforeAll(async () => {
    handle = await openTestDatabase(database);
    // A hundred reads a job, as the benchmark: some jobs then take longer than their promise.
    await seedAnalyticsHistory(handle.db, { jobs: 1000, events: 100_000, now });
    // The seed's stations take nearly the same minutes every visit: arrivals moved by up to 36 minutes, facts
    // rebuilt, so that medians depend on which deliveries they are taken over.
    await handle.db.execute(
      sql`update location_history set arrived_at = arrived_at + (id % 37) * interval '1 minute'`,
    );
    await createAnalyticsFactsRepository(handle.db).rebuildFacts();
    // The seed gives every order a product type: one in eleven loses it, as orders taken without one.
    await handle.db.execute(sql`
      update analytics_jobs set product_type_id = null
      where item_kind = 'order' and ('x' || substr(md5(item_id::text), 1, 4))::bit(16)::int % 11 = 0`);
    // The day rollups of the jobs count by product type too: filled again from the jobs as they are now.
    await handle.db.execute(sql`delete from analytics_job_days`);
    await createAnalyticsFactsRepository(handle.db).rebuildIfMissing();
    const [pick] = await rows(sql`select
      (select id::text from product_types order by name limit 1) as "productTypeId",
      (select id::text from users where role = 'salesperson' order by email limit 1) as "salespersonId",
      (select id from locations order by id limit 1) as "locationId"`);
    Object.assign(filters, pick);
  }, 180_000);
  afterAll(() => handle.close());

  it('seeds a workshop worth comparing: repairs, orders without a product type, late and early deliveries', async () => {
    const [counts] = await rows(sql`select
      count(*) filter (where item_kind = 'repair' and delivered_at is not null)::int as repairs,
      count(*) filter (where item_kind = 'order' and product_type_id is null)::int as "untyped",
      count(*) filter (where (delivered_at at time zone 'UTC')::date > promised_date)::int as late,
      count(*) filter (where (delivered_at at time zone 'UTC')::date <= promised_date)::int as "onTime"
      from analytics_jobs`);
    expect(counts).toEqual({
      repairs: expect.any(Number),
      untyped: expect.any(Number),
      late: expect.any(Number),
      onTime: expect.any(Number),
    });
    for (const value of Object.values(counts ?? {})) expect(value).toBeGreaterThan(0);
  });

  it('counts on time by month, product type (repairs as their own group), salesperson, location and days late', async () => {
    const repo = createOnTimeAnalyticsRepository(handle.db);
    const facts = createAnalyticsFactsRepository(handle.db);
    const [department] = await rows(sql`select id as "departmentId" from departments order by id limit 1`);
    // Every scope with the delivery rollup in UTC days (New York's from the jobs), then in New York's days,
    // then back; and with a department, which the rollup does not key (from the jobs).
    const inZones = [...scopes(), ...scopes().filter((each) => each.timeZone !== 'UTC')];
    const moveAfter = scopes().length;
    for (const [index, each] of [
      ...inZones,
      scope(365, { departmentId: String(department?.departmentId) }),
    ].entries()) {
      if (index === moveAfter) expect(await facts.syncWipTimeZone('America/New_York')).toBe(true);
      if (index === inZones.length) expect(await facts.syncWipTimeZone('UTC')).toBe(true);
      const jobFilter = each.departmentId
        ? sql`exists (select 1 from analytics_job_steps s join stations st on st.id = s.step_key
            where s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'station'
              and st.department_id = ${each.departmentId})`
        : sql`true`;
      const plain = await rows(sql`
        select grouping(month, product_type, salesperson, location, late)::int as g, month,
          product_type as "productTypeId", salesperson as "salespersonId", location as "locationId", late,
          count(*)::int as delivered, count(*) filter (where late <= 0)::int as "onTime",
          avg(late) filter (where late > 0)::float8 as "avgLate"
        from (
          select to_char(j.delivered_at at time zone ${each.timeZone}, 'YYYY-MM') as month,
            coalesce(j.product_type_id::text, case when j.item_kind = 'repair' then 'repairs' end) as product_type,
            j.salesperson_id::text as salesperson, j.location_id as location, ${late(each)} as late
          from analytics_jobs j where ${where(each)} and j.promised_date is not null and ${jobFilter}
        ) as x
        group by grouping sets ((month), (product_type), (salesperson), (location), (late), ())`);
      expect(plain.length).toBeGreaterThan(5);
      expect(rounded(await repo.onTimeGroups(each))).toEqual(rounded(plain));
    }
    // Read from the rollup, not the jobs: a count changed there shows in the total.
    const year = scope(365);
    const total = async () => (await repo.onTimeGroups(year)).find((row) => row.g === 31)?.delivered ?? 0;
    const before = await total();
    await handle.db.execute(
      sql`update analytics_delivery_days set jobs = jobs + 5 where day = (select max(day) from analytics_delivery_days)`,
    );
    const after = await total();
    await handle.db.execute(
      sql`update analytics_delivery_days set jobs = jobs - 5 where day = (select max(day) from analytics_delivery_days)`,
    );
    expect(after - before).toBe(5);
  });

  it('gives each product type and metal its deliveries, cycle days, rework and on-time counts', async () => {
    const repo = createProductTypeAnalyticsRepository(handle.db);
    for (const each of scopes()) {
      const plain = await rows(sql`
        select grouping(j.metal_type_id)::int as "byType", j.item_kind as kind,
          j.product_type_id::text as "productTypeId", j.metal_type_id::text as "metalTypeId",
          count(*)::int as delivered, count(${cycle})::int as timed, avg(${cycle})::float8 as average,
          percentile_cont(0.5) within group (order by ${cycle})::float8 as median,
          percentile_cont(0.9) within group (order by ${cycle})::float8 as p90,
          count(*) filter (where j.rework_visits > 0)::int as reworked,
          count(*) filter (where j.promised_date is not null)::int as promised,
          count(*) filter (where ${late(each)} <= 0)::int as "onTime"
        from analytics_jobs j where ${where(each)}
        group by grouping sets ((j.item_kind, j.product_type_id), (j.item_kind, j.product_type_id, j.metal_type_id))`);
      expect(plain.length).toBeGreaterThan(0);
      expect(rounded(await repo.productTypeGroups(each))).toEqual(rounded(plain));
    }
  });

  it('gives a comparison side its figures', async () => {
    const repo = createComparisonAnalyticsRepository(handle.db);
    for (const each of scopes()) {
      const [plain] = await rows(sql`
        select
          (select count(*) from analytics_jobs j
            where j.first_arrival_at >= ${each.fromAt.toISOString()}::timestamptz
              and j.first_arrival_at < ${each.toAt.toISOString()}::timestamptz
              and (${each.kind}::text is null or j.item_kind = ${each.kind})
              and (${each.locationId}::text is null or j.location_id = ${each.locationId})
              and (${each.productTypeId}::uuid is null or j.product_type_id = ${each.productTypeId}::uuid)
              and (${each.salespersonId}::uuid is null or j.salesperson_id = ${each.salespersonId}::uuid))::int as started,
          count(*)::int as delivered, count(*) filter (where j.promised_date is not null)::int as promised,
          count(*) filter (where ${late(each)} <= 0)::int as "onTime",
          avg(${late(each)}) filter (where ${late(each)} > 0)::float8 as "averageDaysLate",
          avg(${cycle})::float8 as "averageCycleDays",
          percentile_cont(0.9) within group (order by ${cycle})::float8 as "p90CycleDays",
          count(*) filter (where j.rework_visits > 0)::int as reworked
        from analytics_jobs j where ${where(each)}`);
      expect(rounded([await repo.jobFigures(each)])).toEqual(rounded([plain ?? {}]));
    }
  });

  it('blames each late job on its step furthest over the median of the latest deliveries, as percentile_cont gives it', async () => {
    const repo = createRootCauseAnalyticsRepository(handle.db);
    const latestFirst = sql`j.delivered_at desc, j.item_kind desc, j.item_id desc`;
    // The seed's locations and kinds take the same minutes at a step: the second location's steps and the
    // repairs' take longer here, so that a kind's or a location's medians differ from the whole workshop's.
    const lengthen = async (sign: 1 | -1) => {
      await handle.db.execute(sql`
        update analytics_job_steps s set minutes = s.minutes + ${sign}::int * (
          case when j.location_id = ${filters.locationId} then 0 else 30 end + case when j.item_kind = 'repair' then 20 else 0 end)
        from analytics_jobs j where j.item_kind = s.item_kind and j.item_id = s.item_id`);
      // The step rollup counted again from the steps.
      await handle.db.execute(sql`truncate analytics_step_days`);
      expect(await createAnalyticsFactsRepository(handle.db).rebuildIfMissing()).toBe(true);
    };
    await lengthen(1);
    for (const each of scopes()) {
      for (const [kinds, medianJobs] of [
        [['station', 'offsite'], 5000],
        [['station', 'offsite'], 150],
        [['phase'], 400],
      ] as const) {
        const kindList = sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        );
        const plain = await rows(sql`
          with latest as (
            select j.item_kind, j.item_id from analytics_jobs j where ${where(each)}
            order by ${latestFirst} limit ${medianJobs}
          ),
          medians as (
            select s.step_kind, s.step_key, percentile_cont(0.5) within group (order by s.minutes) as median
            from latest l
            join analytics_job_steps s on s.item_kind = l.item_kind and s.item_id = l.item_id
            where s.step_kind in (${kindList})
            group by 1, 2
          ),
          late as (
            select j.item_kind, j.item_id, row_number() over (order by ${latestFirst}) as position
            from analytics_jobs j
            where ${where(each)} and j.promised_date is not null and ${late(each)} > 0
            order by ${latestFirst} limit 60
          )
          select distinct on (l.position) l.item_kind as kind, l.item_id::text as id, s.step_kind as "stepKind",
            s.step_key as "stepKey", (s.minutes / 60.0)::float8 as hours, (m.median / 60.0)::float8 as median
          from late l
          join analytics_job_steps s on s.item_kind = l.item_kind and s.item_id = l.item_id
          join medians m on m.step_kind = s.step_kind and m.step_key = s.step_key
          where s.step_kind in (${kindList}) and s.minutes > m.median
          order by l.position, s.minutes - m.median desc, s.step_kind, s.step_key`);
        // Late jobs with a cause to compare: a dozen or more for the workshop or a product type; a kind, a
        // location or a salesperson over 90 days has fewer (the seed's ids, and so its ties, are random).
        const narrow = each.kind !== null || each.locationId !== null || each.salespersonId !== null;
        expect(plain.length).toBeGreaterThan(narrow ? 2 : 10);
        const found = await repo.lateJobCauses(each, kinds, { late: 60, median: medianJobs });
        expect(rounded(found)).toEqual(rounded(plain));
      }
    }
    await lengthen(-1);
  });

  it('counts the jobs started and delivered per week, from the job-day rollup in the workshop zone, as the jobs give them', async () => {
    const repo = createWorkflowAnalyticsRepository(handle.db);
    const facts = createAnalyticsFactsRepository(handle.db);
    const plainThroughput = (each: TScope) =>
      rows(sql`
        select to_char(date_trunc('week', x.at at time zone ${each.timeZone}), 'YYYY-MM-DD') as week,
          (count(*) filter (where x.started))::int as started, (count(*) filter (where not x.started))::int as delivered
        from analytics_jobs j
        cross join lateral (values (j.first_arrival_at, true), (j.delivered_at, false)) as x(at, started)
        where x.at >= ${each.fromAt.toISOString()}::timestamptz and x.at < ${each.toAt.toISOString()}::timestamptz
          and (${each.kind}::text is null or j.item_kind = ${each.kind})
          and (${each.locationId}::text is null or j.location_id = ${each.locationId})
          and (${each.productTypeId}::uuid is null or j.product_type_id = ${each.productTypeId}::uuid)
          and (${each.salespersonId}::uuid is null or j.salesperson_id = ${each.salespersonId}::uuid)
          and (${each.departmentId}::text is null or exists (
            select 1 from analytics_job_steps s join stations st on st.id = s.step_key
            where s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'station'
              and st.department_id = ${each.departmentId}))
        group by 1 order by 1`);
    const [department] = await rows(sql`select id as "departmentId" from departments order by id limit 1`);
    const all = [...scopes(), scope(365, { departmentId: String(department?.departmentId) })];
    const compare = async () => {
      for (const each of all) {
        const plain = await plainThroughput(each);
        expect(plain.length).toBeGreaterThan(5);
        expect(await repo.throughput(each)).toEqual(plain);
      }
    };
    // Kept in UTC days: New York's weeks come from the jobs.
    await compare();
    // In New York's days once the workshop is there, then back.
    expect(await facts.syncWipTimeZone('America/New_York')).toBe(true);
    await compare();
    // Read from the rollup, not the jobs: a count changed there shows.
    const newYork = all[2];
    if (!newYork) throw new Error('no New York scope');
    const before = await repo.throughput(newYork);
    await handle.db.execute(
      sql`update analytics_job_days set started = started + 5 where day = '2026-06-01'`,
    );
    const after = await repo.throughput(newYork);
    await handle.db.execute(
      sql`update analytics_job_days set started = started - 5 where day = '2026-06-01'`,
    );
    const week = (list: typeof before) => list.find((row) => row.week === '2026-06-01')?.started ?? 0;
    expect(week(after) - week(before)).toBeGreaterThanOrEqual(5);
    expect(await facts.syncWipTimeZone('UTC')).toBe(true);
    await compare();
  });

  it('measures the prediction error over the delivered jobs', async () => {
    const repo = createWorkflowAnalyticsRepository(handle.db);
    const expected = [
      { kind: 'order', productTypeId: filters.productTypeId, hours: 90 },
      { kind: 'order', productTypeId: null, hours: 120 },
      { kind: 'repair', productTypeId: null, hours: 40 },
    ];
    for (const each of scopes()) {
      const [plain] = await rows(sql`
        select count(*)::int as jobs,
          avg(abs(extract(epoch from (j.delivered_at - j.first_arrival_at)) / 3600.0 - e.hours) / 24.0)::float8 as mae
        from analytics_jobs j
        join jsonb_to_recordset(${JSON.stringify(
          expected.map((e) => ({ kind: e.kind, pt: e.productTypeId ?? '', hours: e.hours })),
        )}::jsonb) as e(kind text, pt text, hours float8)
          on e.kind = j.item_kind and e.pt = coalesce(j.product_type_id::text, '')
        where ${where(each)} and j.first_arrival_at is not null`);
      expect(rounded([await repo.predictionError(each, expected)])).toEqual(rounded([plain ?? {}]));
    }
  });
});
