import { ZWorkflowAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { ZWorkflowTemplateSchema } from '@loupe/domain/workflow/workflow-template';
import { WORKING_CALENDAR_DEFAULTS } from '@loupe/domain/workflow/working-calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';
import type { TScope } from '../src/modules/analytics/scope.ts';
import {
  createStationBucketsRepository,
  STATION_BUCKET_SQL,
} from '../src/modules/analytics/station-buckets-repository.ts';
import { createWorkflowAnalyticsRepository } from '../src/modules/analytics/workflow-repository.ts';
import {
  createAnalyticsWorkshop,
  inOrder,
  type TAnalyticsWorkshop,
  UNFILTERED,
} from './support/analytics-workshop.ts';
import { TEST_DATABASES } from './support/databases.ts';
import type { TTestApp, TTestClient } from './support/test-app.ts';

/**
 * Work in progress at UTC midnights from the rollup analytics_wip_days, and station figures from the station
 * dwell rollups (docs/decisions/013-analytics-rollups.md), by hand (UTC workshop; every job delivered on 25 March, so none is open at the instants):
 *
 * - P (no product type): casting 8 Mar 20:00 – 9 Mar 00:00 (left at midnight: under way at none), bench
 *   9 Mar 00:00–02:00 (arrived at midnight: under way at 9 March 00:00), polishing 9 Mar 02:00 – 17 Mar 08:00
 *   (under way at the midnights of 10 to 17 March), casting from 17 Mar 08:00.
 * - Q (Ring, salesperson Sam): casting 15 Mar 23:00 – 16 Mar 01:00 (16 March), bench 16 Mar 01:00 – 23 Mar 00:00
 *   (17 to 22 March), polishing from 23 Mar 00:00.
 * - R (no product type): casting 22 Mar 12:00 – 24 Mar 09:00 (23 and 24 March), bench from 24 Mar 09:00.
 *
 * The workflow screen for 2–22 March shows WIP at the ends of its three weeks, the midnights of 9, 16 and
 * 23 March: bench 1 (P); casting 1 (Q) and polishing 1 (P); casting 1 (R).
 */
describe.each(TEST_DATABASES)('workflow rollups on %s', (database) => {
  let t: TTestApp;
  let manager: TTestClient;
  let places: TAnalyticsWorkshop['places'];
  let ringId = '';
  let samId = '';

  /** The March days from..to, and a rollup row of one job at a day's midnight. */
  const days = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => `2026-03-${String(from + index).padStart(2, '0')}`);
  const row = (day: string, phase: string, productTypeId = '') => ({
    day,
    phase,
    product_type_id: productTypeId,
    jobs: 1,
  });

  async function rollupRows() {
    const { rows } = (await t.database.db.execute(sql`
      select day::text as day, phase_key as phase, product_type_id, jobs from analytics_wip_days`)) as {
      rows: Record<string, unknown>[];
    };
    return inOrder(rows);
  }

  /** Finished visits under way at each instant as they were counted before the rollup: the visits' spans. */
  async function exactFromVisits(scope: TScope, instants: readonly Date[]) {
    const where: ReturnType<typeof sql>[] = [sql`true`];
    if (scope.kind) where.push(sql`v.item_kind = ${scope.kind}`);
    if (scope.locationId) where.push(sql`v.location_id = ${scope.locationId}`);
    if (scope.departmentId) where.push(sql`v.department_id = ${scope.departmentId}`);
    if (scope.productTypeId) where.push(sql`v.product_type_id = ${scope.productTypeId}::uuid`);
    if (scope.salespersonId) where.push(sql`v.salesperson_id = ${scope.salespersonId}::uuid`);
    const list = JSON.stringify(instants.map((instant) => instant.toISOString()));
    const { rows } = (await t.database.db.execute(sql`
      select w.i::int as idx, coalesce(v.phase_key, '') as phase, count(*)::int as jobs
      from jsonb_array_elements_text(${list}::jsonb) with ordinality as w(t, i)
      join analytics_visits v on tstzrange(v.arrived_at, v.left_at) @> (w.t)::timestamptz
      where ${sql.join(where, sql` and `)}
      group by 1, 2`)) as { rows: Record<string, unknown>[] };
    return inOrder(rows);
  }

  const scope = (filters: Partial<TScope> = {}): TScope => ({
    fromAt: new Date('2026-03-02T00:00:00Z'),
    toAt: new Date('2026-03-23T00:00:00Z'),
    fromDay: '2026-03-02',
    toDay: '2026-03-22',
    ...UNFILTERED,
    ...filters,
  });

  beforeAll(async () => {
    const workshop = await createAnalyticsWorkshop(database, '2026-03-08T08:00:00Z');
    ({ t, manager, places, ringId, samId } = workshop);
    const { at, order, read, deliver } = workshop;
    const templates = ZWorkflowTemplateSchema.array().parse(
      ((await manager.request('GET', '/api/v1/workflow/templates')).json() as { data: unknown }).data,
    );
    const template = templates.find(
      (candidate) => candidate.kind === 'order' && candidate.productTypeId === null,
    );
    if (!template) throw new Error('no default order template');
    const phase = (key: string, name: string, departmentIds: string[]) => ({
      key,
      name,
      departmentIds,
      targetHours: 8,
      completerRoles: ['production'],
      needsSignOff: false,
    });
    const saved = await manager.request('PUT', `/api/v1/workflow/templates/${template.id}`, {
      body: {
        phases: [
          phase('casting', 'Casting', [places.casting.department.id]),
          phase('bench', 'Bench work', [places.bench.department.id]),
          phase('polishing', 'Polishing', [places.polishing.department.id]),
        ],
      },
    });
    expect(saved.statusCode).toBe(200);

    const p = await order();
    const q = await order({ productTypeId: ringId, salespersonId: samId });
    const r = await order();
    await read(p, places.casting, '2026-03-08T20:00:00Z');
    await read(p, places.bench, '2026-03-09T00:00:00Z');
    await read(p, places.polishing, '2026-03-09T02:00:00Z');
    await read(q, places.casting, '2026-03-15T23:00:00Z');
    await read(q, places.bench, '2026-03-16T01:00:00Z');
    await read(p, places.casting, '2026-03-17T08:00:00Z');
    await read(r, places.casting, '2026-03-22T12:00:00Z');
    await read(q, places.polishing, '2026-03-23T00:00:00Z');
    await read(r, places.bench, '2026-03-24T09:00:00Z');
    for (const job of [p, q, r]) await deliver(job, '2026-03-25T10:00:00Z');
    await at('2026-03-25T12:00:00Z');
  });
  afterAll(() => t.close());

  it('counts each finished visit on every UTC midnight it was under way at', async () => {
    expect(await rollupRows()).toEqual(
      inOrder([
        row('2026-03-09', 'bench'),
        ...days(10, 17).map((day) => row(day, 'polishing')),
        row('2026-03-16', 'casting', ringId),
        ...days(17, 22).map((day) => row(day, 'bench', ringId)),
        ...days(23, 24).map((day) => row(day, 'casting')),
      ]),
    );
  });

  it('gives the work in progress at the ends of the weeks worked out by hand', async () => {
    const wip = async (query: string) => {
      const response = await manager.request('GET', `/api/v1/analytics/workflow?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return ZWorkflowAnalyticsSchema.parse((response.json() as { data: unknown }).data).wip;
    };
    const expected = [
      { weekStart: '2026-03-02', counts: { casting: 0, bench: 1, polishing: 0 }, total: 1 },
      { weekStart: '2026-03-09', counts: { casting: 1, bench: 0, polishing: 1 }, total: 2 },
      { weekStart: '2026-03-16', counts: { casting: 1, bench: 0, polishing: 0 }, total: 1 },
    ];
    expect(await wip('from=2026-03-02&to=2026-03-22')).toEqual(expected);
    // Sam's jobs (a key of the rollup since migration 0023): Q's casting on 16 March.
    expect(await wip(`from=2026-03-02&to=2026-03-22&salespersonId=${samId}`)).toEqual([
      { weekStart: '2026-03-02', counts: { casting: 0 }, total: 0 },
      { weekStart: '2026-03-09', counts: { casting: 1 }, total: 1 },
      { weekStart: '2026-03-16', counts: { casting: 0 }, total: 0 },
    ]);
    expect(await wip(`from=2026-03-02&to=2026-03-22&productTypeId=${ringId}`)).toEqual([
      { weekStart: '2026-03-02', counts: { casting: 0 }, total: 0 },
      { weekStart: '2026-03-09', counts: { casting: 1 }, total: 1 },
      { weekStart: '2026-03-16', counts: { casting: 0 }, total: 0 },
    ]);
  });

  it('gives exactly what the visits spans give, at midnights and between them, under each filter', async () => {
    const repo = createWorkflowAnalyticsRepository(t.database.db);
    const instants = [
      '2026-03-09T00:00:00Z',
      '2026-03-09T01:00:00Z',
      '2026-03-16T00:00:00Z',
      '2026-03-17T00:00:00Z',
      '2026-03-17T08:00:00Z',
      '2026-03-23T00:00:00Z',
      '2026-03-24T00:00:00Z',
    ].map((instant) => new Date(instant));
    const scopes = [
      scope(),
      scope({ kind: 'order' }),
      scope({ kind: 'repair' }),
      scope({ productTypeId: ringId.toUpperCase() }),
      scope({ salespersonId: samId }),
      scope({ departmentId: places.casting.department.id }),
      scope({ locationId: 'NOWHERE' }),
    ];
    for (const each of scopes) {
      // Every job is delivered: nothing open is counted, so the rows are the finished visits'.
      expect(inOrder(await repo.workInProgress(each, instants))).toEqual(
        await exactFromVisits(each, instants),
      );
    }
    // By hand at 17 March 00:00 (the fourth instant): P's polishing and Q's bench.
    expect(inOrder((await repo.workInProgress(scope(), instants)).filter((row) => row.idx === 4))).toEqual(
      inOrder([
        { idx: 4, phase: 'polishing', jobs: 1 },
        { idx: 4, phase: 'bench', jobs: 1 },
      ]),
    );
  });

  it('gives the station buckets of the visits from the station dwell rollups, months and days', async () => {
    const repo = createStationBucketsRepository(t.database.db);
    /**
     * The station figures as they were read before the dwell rollups: the visits that ended on the UTC days
     * fromDay to toDay, per station and bucket (what analytics_station_days kept until migration 0022).
     */
    async function fromVisits(each: TScope) {
      const { rows } = (await t.database.db.execute(sql`
        select v.station_id as "stationId", ${STATION_BUCKET_SQL} as bucket, count(*)::int as visits,
          sum(v.minutes - v.offsite_minutes)::float8 as minutes
        from analytics_visits v
        join stations st on st.id = v.station_id join departments dd on dd.id = st.department_id
        where (v.left_at at time zone 'UTC')::date >= ${each.fromDay}::date
          and (v.left_at at time zone 'UTC')::date <= ${each.toDay}::date
          and (${each.kind}::text is null or v.item_kind = ${each.kind})
          and (${each.productTypeId}::uuid is null or v.product_type_id = ${each.productTypeId}::uuid)
          and (${each.departmentId}::text is null or st.department_id = ${each.departmentId})
          and (${each.locationId}::text is null or dd.location_id = ${each.locationId})
        group by 1, 2`)) as { rows: Record<string, unknown>[] };
      return inOrder(rows);
    }
    const days = (fromDay: string, toDay: string, filters: Partial<TScope> = {}) =>
      scope({ fromDay, toDay, ...filters });
    const scopes = [
      days('2026-03-02', '2026-03-22'),
      // Days only, within March.
      days('2026-03-10', '2026-03-20'),
      // Whole months only (February to April), and March alone.
      days('2026-02-01', '2026-04-30'),
      days('2026-03-01', '2026-03-31'),
      // The end of February from the days, March from the month, 1–9 April from the days.
      days('2026-02-20', '2026-04-09'),
      days('2026-02-20', '2026-04-09', { kind: 'order' }),
      days('2026-02-20', '2026-04-09', { kind: 'repair' }),
      days('2026-02-20', '2026-04-09', { productTypeId: ringId }),
      // The API takes a uuid in either letter case.
      days('2026-02-20', '2026-04-09', { productTypeId: ringId.toUpperCase() }),
      days('2026-02-20', '2026-04-09', { departmentId: places.bench.department.id }),
      days('2026-02-20', '2026-04-09', { locationId: 'NOWHERE' }),
    ];
    for (const each of scopes) {
      expect(inOrder(await repo.stationBuckets(each))).toEqual(await fromVisits(each));
    }
    // By hand for March: casting P 240, Q 120, R 2,700 minutes; bench P 120, Q 10,020; polishing P 11,880.
    const casting = (await repo.stationBuckets(days('2026-03-01', '2026-03-31'))).filter(
      (row) => row.stationId === places.casting.station.id,
    );
    expect(casting.reduce((sum, row) => sum + row.visits, 0)).toBe(3);
    expect(casting.reduce((sum, row) => sum + row.minutes, 0)).toBe(240 + 120 + 2700);
  });

  it('keeps phase times by location, so a location filter reads the rollup and gives the same figures', async () => {
    const { rows } = (await t.database.db.execute(sql`
      select day::text as day, phase_key as phase, location_id, minutes::int as minutes, jobs
      from analytics_phase_days where jobs <> 0`)) as { rows: Record<string, unknown>[] };
    // Every job delivered on 25 March, first read in LOC001: casting P 240, Q 120, R 2,700; bench P 120,
    // Q 10,020; polishing P 11,880 (the visits still open count nothing yet).
    const row = (phase: string, minutes: number) => ({
      day: '2026-03-25',
      phase,
      location_id: 'LOC001',
      minutes,
      jobs: 1,
    });
    expect(inOrder(rows)).toEqual(
      inOrder([
        row('casting', 240),
        row('casting', 120),
        row('casting', 2700),
        row('bench', 120),
        row('bench', 10020),
        row('polishing', 11880),
      ]),
    );
    const repo = createWorkflowAnalyticsRepository(t.database.db);
    /** The phase figures as percentile_cont computes them over the delivered jobs of a location. */
    async function exactFromJobs(each: TScope) {
      const { rows: exact } = (await t.database.db.execute(sql`
        select s.step_key as phase, count(*)::int as jobs, (avg(s.minutes) / 60.0)::float8 as average,
          (percentile_cont(0.5) within group (order by s.minutes) / 60.0)::float8 as median,
          (percentile_cont(0.9) within group (order by s.minutes) / 60.0)::float8 as p90
        from analytics_jobs j
        join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'phase'
        where j.delivered_at >= ${each.fromAt.toISOString()}::timestamptz
          and j.delivered_at < ${each.toAt.toISOString()}::timestamptz and j.location_id = ${each.locationId}
        group by 1`)) as { rows: Record<string, unknown>[] };
      return inOrder(exact);
    }
    const wholeMonth = {
      fromAt: new Date('2026-03-01T00:00:00Z'),
      toAt: new Date('2026-04-01T00:00:00Z'),
      fromDay: '2026-03-01',
      toDay: '2026-03-31',
    };
    for (const each of [
      scope({ ...wholeMonth, locationId: 'LOC001' }),
      scope({ ...wholeMonth, locationId: 'NOWHERE' }),
      // Partial days at both ends (a workshop at UTC−5): 25 March from the rollup.
      scope({
        fromAt: new Date('2026-03-20T05:00:00Z'),
        toAt: new Date('2026-03-27T05:00:00Z'),
        locationId: 'LOC001',
      }),
    ]) {
      expect(inOrder(await repo.phaseTimes(each))).toEqual(await exactFromJobs(each));
    }
    // Casting by hand: 120, 240 and 2,700 minutes; median 4 h, p90 240 + 0.8 × 2,460 = 2,208 minutes.
    expect(
      (await repo.phaseTimes(scope({ ...wholeMonth, locationId: 'LOC001' }))).find(
        (r) => r.phase === 'casting',
      ),
    ).toEqual({ phase: 'casting', jobs: 3, average: 17, median: 4, p90: 36.8 });
  });

  it('rebuilds the rollup the moves kept, and fills it once for facts that predate it', async () => {
    const kept = await rollupRows();
    const facts = createAnalyticsFactsRepository(t.database.db);
    await facts.rebuildFacts();
    expect(await rollupRows()).toEqual(kept);
    await t.database.db.execute(sql`delete from analytics_wip_days`);
    expect(await facts.rebuildIfMissing()).toBe(true);
    expect(await rollupRows()).toEqual(kept);
    expect(await facts.rebuildIfMissing()).toBe(false);
  });

  /*
   * By hand, in UTC days: P first read on 8 March, Q (a ring, Sam's) on 15 March, R on 22 March; all three delivered
   * on 25 March, P and R under one key. The moves and deliveries keep these counts; a rebuild gives them again.
   */
  it('counts the jobs started and delivered on each day, as the moves and deliveries keep them', async () => {
    async function jobDays() {
      const { rows } = (await t.database.db.execute(sql`
        select day::text as day, product_type_id = ${ringId} as ring, salesperson_id = ${samId} as sam, started,
          delivered
        from analytics_job_days where started <> 0 or delivered <> 0`)) as {
        rows: Record<string, unknown>[];
      };
      return inOrder(rows);
    }
    const kept = await jobDays();
    expect(kept).toEqual(
      inOrder([
        { day: '2026-03-08', ring: false, sam: false, started: 1, delivered: 0 },
        { day: '2026-03-15', ring: true, sam: true, started: 1, delivered: 0 },
        { day: '2026-03-22', ring: false, sam: false, started: 1, delivered: 0 },
        { day: '2026-03-25', ring: false, sam: false, started: 0, delivered: 2 },
        { day: '2026-03-25', ring: true, sam: true, started: 0, delivered: 1 },
      ]),
    );
    const facts = createAnalyticsFactsRepository(t.database.db);
    await facts.rebuildFacts();
    expect(await jobDays()).toEqual(kept);
    await t.database.db.execute(sql`delete from analytics_job_days`);
    expect(await facts.rebuildIfMissing()).toBe(true);
    expect(await jobDays()).toEqual(kept);

    // The screen's throughput reads these counts: weeks from Monday 2, 9, 16 and 23 March.
    const response = await manager.request('GET', '/api/v1/analytics/workflow?from=2026-03-02&to=2026-03-29');
    expect(response.statusCode, response.body).toBe(200);
    expect(ZWorkflowAnalyticsSchema.parse((response.json() as { data: unknown }).data).throughput).toEqual([
      { weekStart: '2026-03-02', started: 1, delivered: 0 },
      { weekStart: '2026-03-09', started: 1, delivered: 0 },
      { weekStart: '2026-03-16', started: 1, delivered: 0 },
      { weekStart: '2026-03-23', started: 0, delivered: 3 },
    ]);
  });

  /*
   * The workshop moves to New York (summer time from 8 March 2026, so its midnights are 05:00 UTC until 8 March and
   * 04:00 UTC after). By hand at New York midnights: P's polishing (9 Mar 02:00 – 17 Mar 08:00 UTC) spans those of
   * 9 to 17 March; Q's bench (16 Mar 01:00 – 23 Mar 00:00) those of 16 to 22 March; R's casting (22 Mar 12:00 –
   * 24 Mar 09:00) those of 23 and 24 March; P's bench, P's first casting and Q's casting span none.
   */
  it('counts at the midnights of the workshop zone once it is set, and is exact before and while it changes', async () => {
    const repo = createWorkflowAnalyticsRepository(t.database.db);
    const newYork = scope({
      fromAt: new Date('2026-03-02T05:00:00Z'),
      toAt: new Date('2026-03-23T04:00:00Z'),
      timeZone: 'America/New_York',
    });
    const midnights = [
      '2026-03-08T05:00:00Z',
      '2026-03-09T04:00:00Z',
      '2026-03-16T04:00:00Z',
      '2026-03-17T04:00:00Z',
      '2026-03-23T04:00:00Z',
      '2026-03-24T04:00:00Z',
    ].map((instant) => new Date(instant));
    const scopes = [
      newYork,
      { ...newYork, productTypeId: ringId },
      { ...newYork, salespersonId: samId },
      { ...newYork, departmentId: places.bench.department.id },
    ];
    // Still counted at UTC midnights: New York's are searched in the visits' spans.
    for (const each of scopes) {
      expect(inOrder(await repo.workInProgress(each, midnights))).toEqual(
        await exactFromVisits(each, midnights),
      );
    }
    const kept = await rollupRows();

    const saved = await manager.request('PUT', '/api/v1/workflow/calendar', {
      body: { ...WORKING_CALENDAR_DEFAULTS, timeZone: 'America/New_York' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await rollupRows()).toEqual(
      inOrder([
        ...days(9, 17).map((day) => row(day, 'polishing')),
        ...days(16, 22).map((day) => row(day, 'bench', ringId)),
        ...days(23, 24).map((day) => row(day, 'casting')),
      ]),
    );
    for (const each of scopes) {
      expect(inOrder(await repo.workInProgress(each, midnights))).toEqual(
        await exactFromVisits(each, midnights),
      );
    }
    // Read from the rollup, not the spans: a count changed there shows.
    await t.database.db.execute(sql`update analytics_wip_days set jobs = jobs + 5 where day = '2026-03-17'`);
    expect((await repo.workInProgress(newYork, midnights)).filter((r) => r.idx === 4)).toEqual(
      expect.arrayContaining([{ idx: 4, phase: 'polishing', jobs: 6 }]),
    );
    await t.database.db.execute(sql`update analytics_wip_days set jobs = jobs - 5 where day = '2026-03-17'`);

    // The screen's week ends are New York's midnights now: 9, 16 and 23 March at 04:00 UTC.
    const response = await manager.request('GET', '/api/v1/analytics/workflow?from=2026-03-02&to=2026-03-22');
    expect(response.statusCode, response.body).toBe(200);
    expect(ZWorkflowAnalyticsSchema.parse((response.json() as { data: unknown }).data).wip).toEqual([
      { weekStart: '2026-03-02', counts: { casting: 0, bench: 0, polishing: 1 }, total: 1 },
      { weekStart: '2026-03-09', counts: { casting: 0, bench: 1, polishing: 1 }, total: 2 },
      { weekStart: '2026-03-16', counts: { casting: 1, bench: 0, polishing: 0 }, total: 1 },
    ]);

    // A rebuild counts at the zone kept; back to UTC gives back the rollup the moves kept.
    const facts = createAnalyticsFactsRepository(t.database.db);
    const inNewYork = await rollupRows();
    await facts.rebuildFacts();
    expect(await rollupRows()).toEqual(inNewYork);
    expect(await facts.syncWipTimeZone('America/New_York')).toBe(false);
    expect(await facts.syncWipTimeZone('UTC')).toBe(true);
    expect(await rollupRows()).toEqual(kept);
  });

  it('rebuilds the phase times by location, and fills them again for phase times kept without one', async () => {
    const phaseDays = async () => {
      const { rows } = (await t.database.db.execute(sql`
        select day::text as day, item_kind, phase_key, location_id, minutes::int as minutes, jobs
        from analytics_phase_days where jobs <> 0`)) as { rows: Record<string, unknown>[] };
      return inOrder(rows);
    };
    const kept = await phaseDays();
    expect(kept).toHaveLength(6);
    const facts = createAnalyticsFactsRepository(t.database.db);
    await facts.rebuildFacts();
    expect(await phaseDays()).toEqual(kept);
    // As migration 0020 leaves the rows of a workshop upgrading: every location ''.
    await t.database.db.execute(sql`update analytics_phase_days set location_id = ''`);
    expect(await facts.rebuildIfMissing()).toBe(true);
    expect(await phaseDays()).toEqual(kept);
    expect(await facts.rebuildIfMissing()).toBe(false);
  });

  it('keeps the salesperson in the rollups, so a salesperson filter reads them, same figures', async () => {
    const repo = createWorkflowAnalyticsRepository(t.database.db);
    const stationBuckets = createStationBucketsRepository(t.database.db);
    /** The rows of Sam's jobs in each rollup kept as the moves and deliveries went. */
    async function samRows() {
      const read = async (statement: ReturnType<typeof sql>) =>
        inOrder(((await t.database.db.execute(statement)) as { rows: Record<string, unknown>[] }).rows);
      return {
        wip: await read(sql`select day::text as day, phase_key as phase, salesperson_id, jobs
          from analytics_wip_days where salesperson_id <> ''`),
        phase: await read(sql`select day::text as day, phase_key as phase, salesperson_id,
          minutes::int as minutes, jobs from analytics_phase_days where salesperson_id <> '' and jobs <> 0`),
        stationDays: await read(sql`select day::text as day, station_id, salesperson_id, minutes, visits
          from analytics_station_dwell_days where salesperson_id <> ''`),
        stationMonths: await read(sql`select month::text as month, station_id, salesperson_id, minutes, visits
          from analytics_station_dwell_months where salesperson_id <> ''`),
      };
    }
    // By hand, Q alone is Sam's: casting 15 Mar 23:00 – 16 Mar 01:00 (120 minutes, under way at 16 March),
    // bench 16 Mar 01:00 – 23 Mar 00:00 (10,020, under way at 17 to 22 March), delivered on 25 March.
    const casting = places.casting.station.id;
    const bench = places.bench.station.id;
    const kept = await samRows();
    expect(kept).toEqual({
      wip: inOrder([
        { day: '2026-03-16', phase: 'casting', salesperson_id: samId, jobs: 1 },
        ...days(17, 22).map((day) => ({ day, phase: 'bench', salesperson_id: samId, jobs: 1 })),
      ]),
      phase: inOrder([
        { day: '2026-03-25', phase: 'casting', salesperson_id: samId, minutes: 120, jobs: 1 },
        { day: '2026-03-25', phase: 'bench', salesperson_id: samId, minutes: 10020, jobs: 1 },
      ]),
      stationDays: inOrder([
        { day: '2026-03-16', station_id: casting, salesperson_id: samId, minutes: 120, visits: 1 },
        { day: '2026-03-23', station_id: bench, salesperson_id: samId, minutes: 10020, visits: 1 },
      ]),
      stationMonths: inOrder([
        { month: '2026-03-01', station_id: casting, salesperson_id: samId, minutes: 120, visits: 1 },
        { month: '2026-03-01', station_id: bench, salesperson_id: samId, minutes: 10020, visits: 1 },
      ]),
    });

    const sam = scope({ salespersonId: samId.toUpperCase() });
    const midnights = ['2026-03-09', '2026-03-16', '2026-03-17', '2026-03-23'].map(
      (day) => new Date(`${day}T00:00:00Z`),
    );
    expect(inOrder(await repo.workInProgress(sam, midnights))).toEqual(await exactFromVisits(sam, midnights));
    /** Sam's phase figures as percentile_cont computes them over the delivered jobs. */
    async function exactFromJobs(each: TScope) {
      const { rows } = (await t.database.db.execute(sql`
        select s.step_key as phase, count(*)::int as jobs, (avg(s.minutes) / 60.0)::float8 as average,
          (percentile_cont(0.5) within group (order by s.minutes) / 60.0)::float8 as median,
          (percentile_cont(0.9) within group (order by s.minutes) / 60.0)::float8 as p90
        from analytics_jobs j
        join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'phase'
        where j.delivered_at >= ${each.fromAt.toISOString()}::timestamptz
          and j.delivered_at < ${each.toAt.toISOString()}::timestamptz and j.salesperson_id = ${samId}::uuid
        group by 1`)) as { rows: Record<string, unknown>[] };
      return inOrder(rows);
    }
    const wholeMonth = scope({
      fromAt: new Date('2026-03-01T00:00:00Z'),
      toAt: new Date('2026-04-01T00:00:00Z'),
      salespersonId: samId,
    });
    // Partial days at both ends (a workshop at UTC−5): 25 March from the rollup.
    const partial = scope({
      fromAt: new Date('2026-03-20T05:00:00Z'),
      toAt: new Date('2026-03-27T05:00:00Z'),
      salespersonId: samId,
    });
    for (const each of [wholeMonth, partial]) {
      expect(inOrder(await repo.phaseTimes(each))).toEqual(await exactFromJobs(each));
    }
    expect((await repo.phaseTimes(wholeMonth)).find((row) => row.phase === 'casting')).toEqual({
      phase: 'casting',
      jobs: 1,
      average: 2,
      median: 2,
      p90: 2,
    });
    // Sam's station buckets of visits that ended on 10–20 March (day rollup) and in March (month rollup).
    const buckets = async (fromDay: string, toDay: string) =>
      (await stationBuckets.stationBuckets(scope({ fromDay, toDay, salespersonId: samId }))).map(
        ({ stationId, visits, minutes }) => ({ stationId, visits, minutes }),
      );
    expect(await buckets('2026-03-10', '2026-03-20')).toEqual([
      { stationId: casting, visits: 1, minutes: 120 },
    ]);
    expect(inOrder(await buckets('2026-03-01', '2026-03-31'))).toEqual(
      inOrder([
        { stationId: casting, visits: 1, minutes: 120 },
        { stationId: bench, visits: 1, minutes: 10020 },
      ]),
    );

    // Read from the rollups, not the visits or the jobs: a count changed there shows under the filter.
    const db = t.database.db;
    /** Adds to Sam's counts in each rollup (sign -1 takes them away again): 5 jobs, 1 job, 2 and 3 visits. */
    const shiftSam = async (sign: 1 | -1) => {
      await db.execute(
        sql`update analytics_wip_days set jobs = jobs + ${5 * sign} where salesperson_id = ${samId}`,
      );
      await db.execute(
        sql`update analytics_phase_days set jobs = jobs + ${sign} where salesperson_id = ${samId}`,
      );
      await db.execute(
        sql`update analytics_station_dwell_days set visits = visits + ${2 * sign} where salesperson_id = ${samId}`,
      );
      await db.execute(
        sql`update analytics_station_dwell_months set visits = visits + ${3 * sign} where salesperson_id = ${samId}`,
      );
    };
    await shiftSam(1);
    expect(inOrder(await repo.workInProgress(sam, midnights))).toEqual(
      inOrder([
        { idx: 2, phase: 'casting', jobs: 6 },
        { idx: 3, phase: 'bench', jobs: 6 },
      ]),
    );
    expect((await repo.phaseTimes(wholeMonth)).find((row) => row.phase === 'casting')).toMatchObject({
      jobs: 2,
    });
    expect(await buckets('2026-03-10', '2026-03-20')).toEqual([
      { stationId: casting, visits: 3, minutes: 360 },
    ]);
    expect(inOrder(await buckets('2026-03-01', '2026-03-31'))).toEqual(
      inOrder([
        { stationId: casting, visits: 4, minutes: 480 },
        { stationId: bench, visits: 4, minutes: 40080 },
      ]),
    );
    await shiftSam(-1);
    expect(await samRows()).toEqual(kept);

    // A rebuild gives the same rows; so does the start of a workshop whose rollups migration 0023 left without
    // salespeople (every row at ''), each rollup refilled once.
    const facts = createAnalyticsFactsRepository(db);
    await facts.rebuildFacts();
    expect(await samRows()).toEqual(kept);
    const tables = [
      'analytics_wip_days',
      'analytics_phase_days',
      'analytics_station_dwell_days',
      'analytics_station_dwell_months',
    ];
    for (const upgraded of [tables, ...tables.map((table) => [table])]) {
      for (const table of upgraded) await db.execute(sql.raw(`update ${table} set salesperson_id = ''`));
      expect(await facts.rebuildIfMissing()).toBe(true);
      expect(await samRows()).toEqual(kept);
      expect(await facts.rebuildIfMissing()).toBe(false);
    }
  });
});
