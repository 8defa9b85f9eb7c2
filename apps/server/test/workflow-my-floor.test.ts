import { type TMyFloor, ZMyFloorSchema } from '@loupe/domain/workflow/workflow-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';
import {
  createWorkflowWorkshop,
  dataOf,
  type TPlace,
  type TWorkflowWorkshop,
  workflowPhase,
} from './support/workflow-workshop.ts';

/**
 * Issue 37 §1, over HTTP: under My work, a bench person sees the pieces at the stations of the departments
 * their steps happen in and the jobs whose next phase comes there; a colleague elsewhere does not; nobody
 * without steps has stations.
 */
describe.each(TEST_DATABASES)('my floor on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let shop: TWorkflowWorkshop;
  let places: Record<'casting' | 'bench' | 'polishing', TPlace>;

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    manager = (await t.clientAs('manager')).client;
    shop = createWorkflowWorkshop({ t, fx, manager: () => manager });
    places = await shop.places({
      casting: { department: 'Casting', station: 'Kiln' },
      bench: { department: 'Bench', station: 'Bench 1' },
      polishing: { department: 'Polishing', station: 'Polishing lathe' },
    });
    await shop.setOrderPhases([
      workflowPhase('casting', 'Casting', [places.casting.department.id]),
      workflowPhase('bench', 'Bench work', [places.bench.department.id]),
      workflowPhase('polishing', 'Polishing', [places.polishing.department.id]),
    ]);
  });
  afterAll(() => t.close());

  async function give(orderId: string, assigneeId: string, phaseKey: string) {
    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: orderId, assigneeId, phaseKey },
    });
    expect(created.statusCode, created.body).toBe(201);
  }

  async function floorOf(client: TTestClient): Promise<TMyFloor> {
    const response = await client.request('GET', '/api/v1/workflow/my-floor');
    expect(response.statusCode, response.body).toBe(200);
    return ZMyFloorSchema.parse(dataOf(response));
  }

  const numbers = (jobs: readonly { job: { number: string } }[]) => jobs.map((entry) => entry.job.number);

  it('shows a bench jeweller the pieces at the bench and what comes there next, and nobody else', async () => {
    const pia = await t.clientAs('production', { firstName: 'Pia', lastName: 'Bench' });
    const quinn = await t.clientAs('production', { firstName: 'Quinn', lastName: 'Polish' });
    const nell = await t.clientAs('qa', { firstName: 'Nell', lastName: 'Idle' });

    const mine = await shop.trackedOrder(places.bench, { customerName: 'Grace Hopper' });
    const waiting = await shop.trackedOrder(places.bench, { customerName: 'Ada Lovelace' });
    const cast = await shop.trackedOrder(places.casting, {
      customerName: 'Hedy Lamarr',
      promisedDate: '2030-01-10',
    });
    const urgent = await shop.trackedOrder(places.casting, {
      customerName: 'Emmy Noether',
      promisedDate: '2030-01-05',
    });
    const polish = await shop.trackedOrder(places.polishing, { customerName: 'Lise Meitner' });
    await give(mine.order.id, pia.user.id, 'bench');
    await give(polish.order.id, quinn.user.id, 'polishing');

    const pias = await floorOf(pia.client);
    expect(numbers(pias.atMyStations).sort()).toEqual(
      [mine.order.orderNumber, waiting.order.orderNumber].sort(),
    );
    const atBench = pias.atMyStations.find((entry) => entry.job.id === waiting.order.id);
    expect(atBench?.job.location?.stationName).toBe('Bench 1');
    expect(atBench?.arrivedAt).not.toBeNull();
    // Coming next: the cast pieces, the earlier promised first; the polished one is past the bench.
    expect(numbers(pias.comingNext)).toEqual([urgent.order.orderNumber, cast.order.orderNumber]);
    expect(pias.comingNext[0]).toMatchObject({
      nextPhaseName: 'Bench work',
      job: { workflow: { phaseKey: 'casting' }, promisedDate: '2030-01-05' },
    });

    // A colleague in polishing sees the polished piece, and the bench pieces coming to them next.
    const quinns = await floorOf(quinn.client);
    expect(numbers(quinns.atMyStations)).toEqual([polish.order.orderNumber]);
    expect(numbers(quinns.comingNext).sort()).toEqual(
      [mine.order.orderNumber, waiting.order.orderNumber].sort(),
    );
    expect(numbers(quinns.comingNext)).not.toContain(cast.order.orderNumber);

    // Nothing given, no stations.
    expect(await floorOf(nell.client)).toEqual({ atMyStations: [], comingNext: [] });
  });

  it('forgets the stations once the step is done', async () => {
    const ivo = await t.clientAs('operator', { firstName: 'Ivo', lastName: 'Bench' });
    const job = await shop.trackedOrder(places.bench, { customerName: 'Mary Somerville' });
    await give(job.order.id, ivo.user.id, 'bench');
    expect(numbers((await floorOf(ivo.client)).atMyStations)).toContain(job.order.orderNumber);
    const advanced = await manager.request('POST', `/api/v1/workflow/jobs/order/${job.order.id}/advance`, {
      body: {},
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(await floorOf(ivo.client)).toEqual({ atMyStations: [], comingNext: [] });
  });
});
