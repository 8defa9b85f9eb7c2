import type { TRole } from '@loupe/domain/auth/roles';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

// Issue 36 §1: who is online (spec §7 user:online-count-changed), and the tracking events of spec §4 that
// §7 does not list, delivered to the rooms (§7 subscribe) of those who may read them.

function origin(t: TTestApp): string {
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Every `name` event a socket receives, from the moment it is created. */
function recorder(socket: Socket, name: string) {
  const payloads: unknown[] = [];
  socket.on(name, (payload: unknown) => payloads.push(payload));
  return payloads;
}

function nextEvent<T>(socket: Socket, name: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${ms} ms`)), ms);
    socket.once(name, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await settle(20);
  }
}

describe.each(TEST_DATABASES)('presence and tracking rooms on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await settle();
  });
  afterAll(() => t.close());

  function open(token: string) {
    const socket = connect(origin(t), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      autoConnect: false,
    });
    sockets.push(socket);
    const counts = recorder(socket, 'user:online-count-changed');
    socket.connect();
    return { socket, counts };
  }

  async function person(role: TRole) {
    const { tokens, user, client } = await t.clientAs(role);
    return { token: tokens.IdToken, user, client };
  }

  it('counts people, not sockets, and tells everyone when someone comes or goes (spec §7)', async () => {
    const ada = await person('admin');
    const grace = await person('designer');

    const first = open(ada.token);
    await waitFor(() => first.counts.length === 1);
    expect(first.counts).toEqual([{ count: 1 }]);

    const second = open(grace.token);
    await waitFor(() => first.counts.length === 2 && second.counts.length === 1);
    expect(first.counts.at(-1)).toEqual({ count: 2 });
    expect(second.counts).toEqual([{ count: 2 }]);

    // Grace opens a second tab: still two people; only the new tab is told.
    const third = open(grace.token);
    await waitFor(() => third.counts.length === 1);
    expect(third.counts).toEqual([{ count: 2 }]);
    await settle();
    expect(first.counts).toHaveLength(2);

    // Closing one of her tabs changes nothing; closing the last one does.
    second.socket.disconnect();
    await settle();
    expect(first.counts).toHaveLength(2);
    third.socket.disconnect();
    await waitFor(() => first.counts.length === 3);
    expect(first.counts.at(-1)).toEqual({ count: 1 });
  });

  it("announces a repair's tracking started, moved and stopped to its room, and never to those who may not see repairs", async () => {
    const manager = await person('manager');
    const operator = await person('operator');
    const designer = await person('designer');
    const repair = await fx.repair();
    const department = await fx.department();
    const station = await fx.station(department.id);
    const epc = fx.epc();

    const follower = open(operator.token).socket;
    const outsider = open(designer.token).socket;
    await Promise.all([nextEvent(follower, 'connect'), nextEvent(outsider, 'connect')]);
    const room = `repair:${repair.id}`;
    expect(await follower.emitWithAck('subscribe', { room })).toEqual({ ok: true, room });
    expect(await outsider.emitWithAck('subscribe', { room })).toMatchObject({ ok: false });
    const outsiderHeard = recorder(outsider, 'repair:tracking:started');

    const started = nextEvent(follower, 'repair:tracking:started');
    const assigned = await manager.client.request('POST', '/api/v1/tracking/repairs/assign-epc', {
      body: { repairId: repair.id, epcCode: epc },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await started).toMatchObject({ repairId: repair.id, repairNumber: repair.repairNumber, epc });

    const moved = nextEvent(follower, 'repair:moved');
    await t.app.loupe.tracking.applyMove({
      epc,
      departmentId: department.id,
      stationId: station.id,
      at: t.clock(),
    });
    expect(await moved).toMatchObject({
      repairId: repair.id,
      departmentId: department.id,
      stationId: station.id,
      fromStationId: null,
    });

    const stopped = nextEvent(follower, 'repair:tracking:stopped');
    const deleted = await manager.client.request('DELETE', `/api/v1/tracking/repairs/${repair.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await stopped).toMatchObject({ repairId: repair.id, epc });
    await settle();
    expect(outsiderHeard).toEqual([]);

    // Leaving the room (spec §7 unsubscribe) is answered too.
    expect(await follower.emitWithAck('unsubscribe', { room })).toEqual({ ok: true, room });
  });

  it("announces an order's tracking stopped to everyone signed in (spec §4)", async () => {
    const manager = await person('manager');
    const designer = await person('designer');
    const order = await fx.order();
    const epc = fx.epc();
    const listener = open(designer.token).socket;
    await nextEvent(listener, 'connect');
    const assigned = await manager.client.request('POST', '/api/v1/tracking/assign-epc', {
      body: { orderId: order.id, epcCode: epc },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const stopped = nextEvent(listener, 'order:tracking:stopped');
    const deleted = await manager.client.request('DELETE', `/api/v1/tracking/orders/${order.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await stopped).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber, epc });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('who is online across instances (Redis)', () => {
  let first: TTestApp;
  let second: TTestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
    [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    await Promise.all([
      first.app.listen({ port: 0, host: '127.0.0.1' }),
      second.app.listen({ port: 0, host: '127.0.0.1' }),
    ]);
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await Promise.all([first.close(), second.close()]);
  });

  it('counts the people connected to every instance', async () => {
    const open = async (t: TTestApp, role: TRole) => {
      const { tokens } = await t.clientAs(role);
      const socket = connect(origin(t), {
        transports: ['websocket'],
        auth: { token: tokens.IdToken },
        autoConnect: false,
      });
      sockets.push(socket);
      const counts = recorder(socket, 'user:online-count-changed');
      socket.connect();
      return counts;
    };
    const onFirst = await open(first, 'admin');
    await waitFor(() => onFirst.length >= 1);
    const onSecond = await open(second, 'manager');
    await waitFor(() => onSecond.length >= 1);
    const baseline = (onSecond.at(-1) as { count: number }).count;
    expect(baseline).toBeGreaterThanOrEqual(2);
    await waitFor(() => (onFirst.at(-1) as { count: number }).count === baseline);
  });
});
