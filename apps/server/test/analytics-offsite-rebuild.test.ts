import {
  ZProductTypeAnalyticsSchema,
  ZRootCauseAnalyticsSchema,
  ZWorkflowAnalyticsSchema,
} from '@loupe/domain/analytics/analytics-api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTestClock } from './support/test-clock.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

type TPlace = { department: { id: string }; station: { id: string } };

/**
 * Vendor legs in rebuilt facts (docs/decisions/009-analytics-facts.md), by hand (UTC, offsite timeout 30 min):
 *
 * - D (promised 3 Mar): casting 09:00–10:00; at the bench from 10:00, unseen; the sweep marks it offsite at
 *   10:45; read at polishing 12:00. The bench visit is 120 minutes, 75 of them offsite (a vendor leg).
 * - At polishing from 12:00, seen there at 12:10 (active again), then unseen; marked offsite at 12:45, seen at
 *   polishing again at 13:00 (back, same station); read at casting 14:00 (rework). The move at 14:00 is no return, so the live path counts the
 *   polishing visit's 120 minutes as no offsite time; the rebuild must too.
 * - Casting again 14:00–15:00, then the bench; delivered 3 Mar 10:00.
 */
describe.each(TEST_DATABASES)('analytics facts rebuilt with offsite legs on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let managerEmail: string;
  let places: Record<'casting' | 'bench' | 'polishing', TPlace>;
  let orderId = '';
  const clock = createTestClock(new Date('2026-03-02T08:00:00Z'));
  const range = 'from=2026-03-02&to=2026-03-08';

  async function at(instant: string) {
    clock.set(new Date(instant));
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
  }

  async function read(epc: string, place: TPlace, instant: string) {
    await at(instant);
    const moved = await manager.request('POST', '/api/v1/tracking/orders/update-location', {
      body: { orderId, epcCode: epc, departmentId: place.department.id, stationId: place.station.id },
    });
    expect(moved.statusCode).toBe(200);
    // The visit it ended reaches the facts once the analytics projection has followed it (decision 026).
    await t.app.loupe.projections.caughtUp();
  }

  async function sweep(instant: string) {
    const detected = await t.app.loupe.tracking.detectOffsite(new Date(instant));
    expect(detected.map((item) => item.itemId)).toEqual([orderId]);
  }

  async function get(path: string) {
    const response = await manager.request('GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: unknown }).data;
  }

  /** Every fact row, in a stable order, without the generated ids. */
  async function facts() {
    const rows = async (query: string) =>
      ((await t.database.db.execute(sql.raw(query))) as { rows: unknown[] }).rows;
    return {
      visits:
        await rows(`select station_id, arrived_at, left_at, minutes, offsite_minutes, is_rework, phase_key
        from analytics_visits order by arrived_at`),
      jobs: await rows(`select item_id, visits, rework_visits, dwell_minutes::int, offsite_minutes::int,
        delivered_at from analytics_jobs order by item_id`),
      steps: await rows(`select step_kind, step_key, minutes::int, visits::int
        from analytics_job_steps order by step_kind, step_key`),
      stationDays: await rows(`select day::text, station_id, minutes::int, visits::int, rework_visits::int
        from analytics_station_dwell_days order by day, station_id, minutes`),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ database, clock });
    fx = createTrackingFixtures(t.database.db, t.clock);
    const signedIn = await t.clientAs('manager');
    manager = signedIn.client;
    managerEmail = signedIn.user.email;
    const place = async (name: string) => {
      const department = await fx.department({ name: `${name} ${crypto.randomUUID().slice(0, 6)}` });
      return { department, station: await fx.station(department.id, { name }) };
    };
    places = {
      casting: await place('Casting'),
      bench: await place('Bench'),
      polishing: await place('Polishing'),
    };

    const row = await fx.order({ customerName: 'Grace Hopper' });
    orderId = row.id;
    await t.database.db.update(orders).set({ promisedDate: '2026-03-03' }).where(eq(orders.id, row.id));
    const epc = fx.epc();
    const assigned = await manager.request('POST', '/api/v1/tracking/assign-epc', {
      body: { orderId, epcCode: epc, orderNumber: row.orderNumber },
    });
    expect(assigned.statusCode).toBe(200);

    await read(epc, places.casting, '2026-03-02T09:00:00Z');
    await read(epc, places.bench, '2026-03-02T10:00:00Z');
    await sweep('2026-03-02T10:45:00Z');
    await read(epc, places.polishing, '2026-03-02T12:00:00Z');
    await read(epc, places.polishing, '2026-03-02T12:10:00Z');
    await sweep('2026-03-02T12:45:00Z');
    await read(epc, places.polishing, '2026-03-02T13:00:00Z');
    await read(epc, places.casting, '2026-03-02T14:00:00Z');
    await read(epc, places.bench, '2026-03-02T15:00:00Z');
    await at('2026-03-03T10:00:00Z');
    for (const status of ['quality_check', 'ready', 'delivered']) {
      const changed = await manager.request('PATCH', `/api/v1/orders/${orderId}`, { body: { status } });
      expect(changed.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('counts the vendor leg live: 75 of the bench visit’s 120 minutes, none for the return at the same station', async () => {
    const live = await facts();
    expect(live.visits).toEqual([
      expect.objectContaining({ minutes: 60, offsite_minutes: 0 }),
      expect.objectContaining({ station_id: places.bench.station.id, minutes: 120, offsite_minutes: 75 }),
      expect.objectContaining({ station_id: places.polishing.station.id, minutes: 120, offsite_minutes: 0 }),
      expect.objectContaining({ minutes: 60, offsite_minutes: 0, is_rework: true }),
    ]);
    expect(live.jobs).toEqual([expect.objectContaining({ dwell_minutes: 360, offsite_minutes: 75 })]);
    expect(live.steps).toContainEqual({
      step_kind: 'offsite',
      step_key: places.bench.station.id,
      minutes: 75,
      visits: 1,
    });
  });

  it('rebuilds the same facts and the same answers from the history, vendor legs included', async () => {
    const paths = ['workflow', 'on-time', 'product-types', 'root-cause', 'comparison'].map(
      (path) => `/api/v1/analytics/${path}?${range}`,
    );
    const answersBefore = await Promise.all(paths.map(get));
    const factsBefore = await facts();
    await createAnalyticsFactsRepository(t.database.db).rebuildFacts();
    expect(await facts()).toEqual(factsBefore);
    const withoutTime = (answers: unknown[]) =>
      answers.map((answer) => ({ ...(answer as object), generatedAt: null }));
    expect(withoutTime(await Promise.all(paths.map(get)))).toEqual(withoutTime(answersBefore));
    // The bench's 45 minutes in the workshop, not its 120: the vendor leg is not station time.
    const workflow = ZWorkflowAnalyticsSchema.parse(answersBefore[0]);
    expect(
      workflow.stationTimes.find((row) => row.stationId === places.bench.station.id)?.hours,
    ).toMatchObject({
      count: 1,
      average: 0.75,
    });
    const byStation = ZProductTypeAnalyticsSchema.parse(answersBefore[2]).byProductTypeAndStation;
    expect(byStation.find((row) => row.stationId === places.bench.station.id)?.dwellHours).toMatchObject({
      count: 1,
      average: 0.75,
    });
    expect(ZRootCauseAnalyticsSchema.parse(answersBefore[3]).lateJobs).toBe(0);
  });

  it('keeps the detection in the order’s history', async () => {
    const history = (await get(`/api/v1/orders/${orderId}/history`)) as {
      items: { action: string; at: string }[];
    };
    expect(
      history.items.filter((change) => change.action === 'offsite-detected').map((change) => change.at),
    ).toEqual(['2026-03-02T12:45:00.000Z', '2026-03-02T10:45:00.000Z']);
  });
});
