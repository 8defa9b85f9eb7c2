import type { TRole } from '@loupe/domain/auth/roles';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

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
      message: 'Only admins and managers can send test scans.',
    });
    expect(
      await manager.emitWithAck('rfid:test-scan', { readerId: 'sim-1', antenna: 3, epc: 'not hex' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('hexadecimal'),
    });
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
