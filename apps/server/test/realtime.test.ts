import type { TRole } from '@loupe/domain/auth/roles';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresTestDatabase, TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

const NOW = '2026-11-21T12:00:00.000Z';

function origin(t: TTestApp): string {
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Resolves with the first `name` event, or rejects after `ms`. */
function nextEvent<T>(socket: Socket, name: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${ms} ms`)), ms);
    socket.once(name, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Whether `name` arrives within `ms`: for events that must not arrive. */
function arrivesWithin(socket: Socket, name: string, ms: number): Promise<boolean> {
  return nextEvent(socket, name, ms).then(
    () => true,
    () => false,
  );
}

describe.each(TEST_DATABASES)('realtime socket on %s', (database) => {
  let t: TTestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ database });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  function open(token: string | null, transports: ('websocket' | 'polling')[] = ['websocket']): Socket {
    const socket = connect(origin(t), {
      path: '/socket.io',
      transports,
      auth: token === null ? {} : { token },
      reconnection: false,
      timeout: 3000,
    });
    sockets.push(socket);
    return socket;
  }

  async function openAs(role: TRole) {
    const { user, tokens, client } = await t.clientAs(role);
    const socket = open(tokens.IdToken);
    await nextEvent(socket, 'connect');
    return { user, socket, client };
  }

  it('refuses a handshake without a token or with a forged one', async () => {
    const anonymous = open(null);
    expect((await nextEvent<Error>(anonymous, 'connect_error')).message).toBe('unauthorized');
    const forged = open('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln');
    expect((await nextEvent<Error>(forged, 'connect_error')).message).toBe('unauthorized');
  });

  it('speaks websocket only (spec §7): long polling is not offered', async () => {
    const { tokens } = await t.clientAs('qa');
    const polling = open(tokens.IdToken, ['polling']);
    const error = await nextEvent<Error>(polling, 'connect_error');
    expect(error).toBeInstanceOf(Error);
  });

  it('answers ping with pong, echoing the timestamp', async () => {
    const { socket } = await openAs('operator');
    socket.emit('ping', { timestamp: NOW });
    expect(await nextEvent(socket, 'pong')).toEqual({ timestamp: NOW });
  });

  it('lets only roles that see repairs follow a repair room', async () => {
    const { socket: salesperson } = await openAs('salesperson');
    const { socket: designer } = await openAs('designer');
    const room = 'repair:0f8c5a86-1d9b-4c61-9d7e-2a8b2f1f3e11';
    expect(await salesperson.emitWithAck('subscribe', { room })).toEqual({ ok: true, room });
    expect(await designer.emitWithAck('subscribe', { room })).toMatchObject({ ok: false });
    expect(await designer.emitWithAck('subscribe', { room: 'warehouse:1' })).toEqual({
      ok: false,
      message: expect.stringContaining('Unknown room'),
    });
  });

  it('sends order news to everyone and repair news only to the roles that may see repairs', async () => {
    const { socket: designer } = await openAs('designer');
    const { socket: operator } = await openAs('operator');
    const order = { orderId: 'o-1', orderNumber: 'ORD-00001', status: 'new', timestamp: NOW };
    const designerGetsOrder = nextEvent(designer, 'order:created');
    const operatorGetsOrder = nextEvent(operator, 'order:created');
    t.app.loupe.events.publish('order:created', order);
    expect(await designerGetsOrder).toEqual(order);
    expect(await operatorGetsOrder).toEqual(order);

    const repair = { repairId: 'r-1', repairNumber: 'REP-00001', status: 'received', timestamp: NOW };
    const operatorGetsRepair = nextEvent(operator, 'repair:created');
    const designerGetsRepair = arrivesWithin(designer, 'repair:created', 400);
    t.app.loupe.events.publish('repair:created', repair);
    expect(await operatorGetsRepair).toEqual(repair);
    expect(await designerGetsRepair).toBe(false);
  });

  it('delivers raw tag reads to admins and to the subscribers of the department only', async () => {
    const { socket: manager } = await openAs('manager');
    const { socket: follower } = await openAs('production');
    const { socket: bystander } = await openAs('production');
    await follower.emitWithAck('subscribe', { room: 'department:DEPT001' });
    const read = {
      epc: 'E2801160',
      readerId: 'bench-1',
      antenna: 1,
      timestamp: NOW,
      departmentId: 'DEPT001',
    };
    const arrivals = Promise.all([
      nextEvent(manager, 'rfid:tag-read'),
      nextEvent(follower, 'rfid:tag-read'),
      arrivesWithin(bystander, 'rfid:tag-read', 400),
    ]);
    t.app.loupe.events.publish('rfid:tag-read', read, { rooms: ['department:DEPT001'] });
    const [toManager, toFollower, toBystander] = await arrivals;
    expect(toManager).toEqual(read);
    expect(toFollower).toEqual(read);
    expect(toBystander).toBe(false);
  });

  it('takes a test scan from a manager through the reader pipeline, and refuses one from a designer', async () => {
    const { socket: manager } = await openAs('manager');
    const { socket: designer } = await openAs('designer');
    const announced = nextEvent<{ epc: string; readerId: string }>(manager, 'rfid:tag-read');
    const answer = await manager.emitWithAck('rfid:test-scan', {
      readerId: 'sim-1',
      antenna: 3,
      epc: 'e2-80-11-99',
    });
    expect(answer).toMatchObject({ ok: true, result: { accepted: 1 } });
    expect(await announced).toMatchObject({ epc: 'E2801199', readerId: 'sim-1', antenna: 3 });
    expect(
      await designer.emitWithAck('rfid:test-scan', { readerId: 'sim-1', antenna: 3, epc: 'E2801199' }),
    ).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Only admins and managers can send test scans.',
    });
    expect(
      await manager.emitWithAck('rfid:test-scan', { readerId: 'sim-1', antenna: 3, epc: 'not hex' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('hexadecimal'),
    });
  });

  it('offers a tag read at a tag-assignment antenna to every role that tags items, not to the others', async () => {
    const { socket: salesperson } = await openAs('salesperson');
    const { socket: operator } = await openAs('operator');
    const { socket: designer } = await openAs('designer');
    const read = { epc: 'E2801161', readerId: 'intake', antenna: 4, timestamp: NOW, isTagAssignment: true };
    const arrivals = Promise.all([
      nextEvent(salesperson, 'rfid:tag-read'),
      nextEvent(operator, 'rfid:tag-read'),
      arrivesWithin(designer, 'rfid:tag-read', 400),
    ]);
    t.app.loupe.events.publish('rfid:tag-read', read);
    expect(await arrivals).toEqual([read, read, false]);
  });

  it('answers request:refresh with the data asked for, under the same permissions as the API', async () => {
    const { socket: manager } = await openAs('manager');
    const { socket: designer } = await openAs('designer');

    const stats = await manager.emitWithAck('request:refresh', { dataType: 'stats' });
    expect(stats).toMatchObject({
      ok: true,
      dataType: 'stats',
      data: {
        totalTracked: expect.any(Number),
        activeRepairs: expect.any(Number),
        departmentCounts: expect.any(Object),
      },
    });
    // The stats of a role that does not see repairs leave the repair counts out (issue 20 §5).
    const designerStats = await designer.emitWithAck('request:refresh', { dataType: 'stats' });
    expect(designerStats).toMatchObject({ ok: true, data: { totalTracked: expect.any(Number) } });
    expect(designerStats.data).not.toHaveProperty('activeRepairs');
    const departments = await manager.emitWithAck('request:refresh', { dataType: 'departments' });
    expect(departments).toMatchObject({
      ok: true,
      data: { items: expect.any(Array), total: expect.any(Number) },
    });
    const tracking = await designer.emitWithAck('request:refresh', { dataType: 'tracking' });
    // A designer follows orders but never sees repairs (spec §6).
    expect(tracking).toEqual({
      ok: true,
      dataType: 'tracking',
      data: { orders: expect.any(Array), repairs: [] },
    });

    expect(await designer.emitWithAck('request:refresh', { dataType: 'repairs' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await manager.emitWithAck('request:refresh', { dataType: 'users' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await manager.emitWithAck('request:refresh', { dataType: 'everything' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    const { socket: admin } = await openAs('admin');
    const users = (await admin.emitWithAck('request:refresh', { dataType: 'users' })) as {
      ok: boolean;
      data: { items: { email: string }[]; total: number };
    };
    expect(users.ok).toBe(true);
    expect(users.data.total).toBeGreaterThanOrEqual(3);
    expect(users.data.items.every((user) => !('passwordHash' in user))).toBe(true);
  });

  it('applies a role an admin changes to the open socket at once: its rooms and what it may ask', async () => {
    const { socket, user } = await openAs('manager');
    const { client: admin } = await t.clientAs('admin');
    expect(await socket.emitWithAck('request:refresh', { dataType: 'repairs' })).toMatchObject({ ok: true });
    expect(await socket.emitWithAck('subscribe', { room: 'repair:rep-1' })).toEqual({
      ok: true,
      room: 'repair:rep-1',
    });

    const changed = await admin.request('PATCH', `/api/v1/users/${user.id}`, { body: { role: 'designer' } });
    expect(changed.statusCode).toBe(200);

    await vi.waitFor(
      async () =>
        expect(await socket.emitWithAck('request:refresh', { dataType: 'repairs' })).toMatchObject({
          ok: false,
          code: 'FORBIDDEN',
        }),
      { timeout: 3000, interval: 50 },
    );
    expect(
      await socket.emitWithAck('rfid:test-scan', { readerId: 'sim-1', antenna: 1, epc: 'E2801199' }),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // Raw reads go to managers, repair news to repair viewers: a designer gets neither any more.
    const tagRead = arrivesWithin(socket, 'rfid:tag-read', 400);
    const repairNews = arrivesWithin(socket, 'repair:updated', 400);
    t.app.loupe.events.publish('rfid:tag-read', {
      epc: 'E2801162',
      readerId: 'r',
      antenna: 1,
      timestamp: NOW,
    });
    t.app.loupe.events.publish(
      'repair:updated',
      { repairId: 'rep-1', repairNumber: 'REP-00001', status: 'in_progress', timestamp: NOW },
      { rooms: ['repair:rep-1'] },
    );
    expect(await tagRead).toBe(false);
    expect(await repairNews).toBe(false);
    expect(socket.connected).toBe(true);
  });

  it('drops the sockets of a user the moment an admin disables them', async () => {
    const { socket, user } = await openAs('salesperson');
    const { client: admin } = await t.clientAs('admin');
    const dropped = nextEvent<string>(socket, 'disconnect');
    const response = await admin.request('PATCH', `/api/v1/users/${user.id}`, { body: { disabled: true } });
    expect(response.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('realtime across instances (Redis)', () => {
  let first: TTestApp;
  let second: TTestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
    [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  it('delivers an event announced on one instance to a client of the other', async () => {
    const { tokens } = await second.clientAs('manager');
    const socket = connect(origin(second), {
      transports: ['websocket'],
      auth: { token: tokens.IdToken },
      reconnection: false,
    });
    try {
      await nextEvent(socket, 'connect');
      const payload = { orderId: 'o-9', orderNumber: 'ORD-00009', status: 'new', timestamp: NOW };
      const received = nextEvent(socket, 'order:created', 5000);
      first.app.loupe.events.publish('order:created', payload);
      expect(await received).toEqual(payload);
    } finally {
      socket.disconnect();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL)(
  'two instances sharing PostgreSQL and Redis',
  () => {
    let shared: { url: string; drop: () => Promise<void> };
    let first: TTestApp;
    let second: TTestApp;
    beforeAll(async () => {
      shared = await createPostgresTestDatabase();
      const options = { sharedDatabaseUrl: shared.url, env: { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } };
      // One after the other, as a rolling start does: the first migrates and makes the signing key.
      first = await createTestApp(options);
      second = await createTestApp(options);
      await second.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
      await shared?.drop();
    });

    it('moves an order through one instance and shows it live to a client of the other', async () => {
      // Signed in on the first instance: the shared signing key makes the token good on the second.
      const { client: manager, tokens } = await first.clientAs('manager');
      const fx = createTrackingFixtures(first.database.db, first.clock);
      const department = await fx.department({ name: 'Stone setting' });
      const station = await fx.station(department.id, { name: 'Setter 2' });
      const order = await fx.order({ customerName: 'Hedy Lamarr' });
      const epc = fx.epc();
      const assigned = await manager.request('POST', '/api/v1/tracking/assign-epc', {
        body: { orderId: order.id, epcCode: epc },
      });
      expect(assigned.statusCode).toBe(200);
      const socket = connect(origin(second), {
        transports: ['websocket'],
        auth: { token: tokens.IdToken },
        reconnection: false,
      });
      try {
        await nextEvent(socket, 'connect');
        const update = nextEvent<{ number: string; stationName: string }>(
          socket,
          'tracking:location-update',
          5000,
        );
        const moved = await manager.request('POST', '/api/v1/tracking/orders/update-location', {
          body: { orderId: order.id, epcCode: epc, departmentId: department.id, stationId: station.id },
        });
        expect(moved.statusCode).toBe(200);
        expect(await update).toMatchObject({ number: order.orderNumber, stationName: 'Setter 2' });
        // And the second instance reads the same database.
        const reader = second.client();
        reader.idToken = tokens.IdToken;
        const seen = await reader.request('GET', `/api/v1/tracking/orders/${order.id}`);
        expect(seen.json()).toMatchObject({ data: { currentStationId: station.id } });
      } finally {
        socket.disconnect();
      }
    });
  },
);
