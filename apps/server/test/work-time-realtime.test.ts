import { ZTvPairingSchema } from '@loupe/domain/tv/tv-displays';
import { ZWorkActionResultSchema } from '@loupe/domain/workflow/work-time';
import { ZWorkflowAssignmentSchema } from '@loupe/domain/workflow/workflow-api';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';
import {
  createWorkflowWorkshop,
  dataOf,
  type TPlace,
  type TWorkflowWorkshop,
  workflowPhase,
} from './support/workflow-workshop.ts';

// Issue 37 §3 "live": a timer's start, pause, stop and undo reach My Tasks, the kiosk, the job page and the
// station's TV over real sockets, after commit, and nobody else's.

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await settle(20);
  }
}

type TTimerEvent = { itemId: string; userId: string; state: string; reason: string | null };

describe.each(TEST_DATABASES)('work timer events on %s', (database) => {
  let t: TTestApp;
  let manager: TTestClient;
  let shop: TWorkflowWorkshop;
  let places: Record<'bench' | 'polishing', TPlace>;
  const sockets: Socket[] = [];

  function origin(): string {
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** A socket (a person's id token or a TV's device token) and every work:timer-changed it hears. */
  async function listen(auth: { token: string } | { deviceToken: string }) {
    const socket = connect(origin(), {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      reconnection: false,
      autoConnect: false,
    });
    sockets.push(socket);
    const heard: TTimerEvent[] = [];
    socket.on('work:timer-changed', (payload: TTimerEvent) => heard.push(payload));
    const connected = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.connect();
    await connected;
    return { socket, heard };
  }

  async function pairTv(stationId: string): Promise<string> {
    const started = await t.client().request('POST', '/api/v1/tv/pairings');
    const pairing = ZTvPairingSchema.parse(dataOf(started));
    const claimed = await manager.request('POST', '/api/v1/tv-displays', {
      body: { code: pairing.code, name: 'Bench TV', stationId },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    return pairing.deviceToken;
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const fx = createTrackingFixtures(t.database.db, t.clock);
    manager = (await t.clientAs('manager')).client;
    shop = createWorkflowWorkshop({ t, fx, manager: () => manager });
    places = await shop.places({
      bench: { department: 'Bench', station: 'Bench 1' },
      polishing: { department: 'Polishing', station: 'Polishing lathe' },
    });
    await shop.setOrderPhases([
      workflowPhase('bench', 'Bench work', [places.bench.department.id]),
      workflowPhase('polishing', 'Polishing', [places.polishing.department.id]),
    ]);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await settle(100);
  });
  afterAll(() => t.close());

  it('tells the person, the job’s room and the station’s TV when a timer starts, pauses and is undone; not others', async () => {
    const marco = await t.clientAs('production', { firstName: 'Marco', lastName: 'Bench' });
    const other = await t.clientAs('production', { firstName: 'Other', lastName: 'Bench' });
    const { order } = await shop.trackedOrder(places.bench);
    const created = await manager.request('POST', '/api/v1/workflow/assignments', {
      body: { kind: 'order', itemId: order.id, assigneeId: marco.user.id, phaseKey: 'bench' },
    });
    expect(created.statusCode).toBe(201);
    const assignment = ZWorkflowAssignmentSchema.parse(dataOf(created));

    const own = await listen({ token: marco.tokens.IdToken });
    const outsider = await listen({ token: other.tokens.IdToken });
    const tv = await listen({ deviceToken: await pairTv(places.bench.station.id) });
    const follower = await listen({ token: (await t.clientAs('salesperson')).tokens.IdToken });
    const joined = await follower.socket.emitWithAck('subscribe', { room: `order:${order.id}` });
    expect(joined).toMatchObject({ ok: true });

    const tap = async (action: string) => {
      const response = await marco.client.request(
        'POST',
        `/api/v1/work-time/assignments/${assignment.id}/${action}`,
        { body: action === 'start' ? { stationId: places.bench.station.id } : {} },
      );
      expect(response.statusCode, response.body).toBe(200);
      return ZWorkActionResultSchema.parse(dataOf(response));
    };

    await tap('start');
    await waitFor(() => own.heard.length === 1 && tv.heard.length === 1 && follower.heard.length === 1);
    expect(own.heard[0]).toMatchObject({
      itemId: order.id,
      userId: marco.user.id,
      state: 'running',
      reason: null,
      phaseKey: 'bench',
      stationId: places.bench.station.id,
    });

    const paused = await tap('pause');
    await waitFor(() => own.heard.length === 2 && tv.heard.length === 2);
    expect(tv.heard[1]).toMatchObject({ itemId: order.id, state: 'stopped', reason: 'paused' });

    const undone = await marco.client.request('POST', `/api/v1/work-time/actions/${paused.actionId}/undo`);
    expect(undone.statusCode).toBe(200);
    await waitFor(() => own.heard.length === 3 && follower.heard.length === 3);
    expect(own.heard[2]).toMatchObject({ state: 'running', reason: 'undone' });

    await tap('done');
    await waitFor(() => own.heard.length === 4 && tv.heard.length === 4);
    expect(tv.heard[3]).toMatchObject({ state: 'stopped', reason: 'done' });

    await settle();
    // Another production person neither works on it nor follows the job: they hear nothing.
    expect(outsider.heard).toEqual([]);
  });
});
