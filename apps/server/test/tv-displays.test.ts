import {
  PAIRING_CODE_TTL_MS,
  ZStationScreenSchema,
  ZTvDeviceStatusSchema,
  ZTvDisplaySchema,
  ZTvPairingSchema,
} from '@loupe/domain/tv/tv-displays';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

type TPlace = { department: { id: string }; station: { id: string } };

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

/** Issue 14: pairing a station TV with a code, its device credential, its screen and its revocation. */
describe.each(TEST_DATABASES)('station TVs on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let managerEmail: string;
  let bench: TPlace;
  let polishing: TPlace;
  const sockets: Socket[] = [];

  const data = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;
  const device = (token: string) => ({ headers: { authorization: `Device ${token}` } });

  async function startPairing() {
    const response = await t.client().request('POST', '/api/v1/tv/pairings');
    expect(response.statusCode).toBe(201);
    return ZTvPairingSchema.parse(data(response));
  }

  async function pair(name = 'Bench TV', stationId = bench.station.id) {
    const pairing = await startPairing();
    const claimed = await manager.request('POST', '/api/v1/tv-displays', {
      body: { code: pairing.code.toLowerCase(), name, stationId },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    return { ...pairing, display: ZTvDisplaySchema.parse(data(claimed)) };
  }

  async function screenOf(token: string) {
    const response = await t.client().request('GET', '/api/v1/tv/screen', device(token));
    expect(response.statusCode, response.body).toBe(200);
    return { screen: ZStationScreenSchema.parse(data(response)), body: response.body };
  }

  async function trackedOrderAt(place: TPlace, customerName: string) {
    const order = await fx.order({ customerName });
    await t.database.db
      .update(orders)
      .set({ priceCents: 987_654, promisedDate: '2026-12-24' })
      .where(eq(orders.id, order.id));
    const epc = fx.epc();
    const assigned = await manager.request('POST', '/api/v1/tracking/assign-epc', {
      body: { orderId: order.id, epcCode: epc, orderNumber: order.orderNumber },
    });
    expect(assigned.statusCode).toBe(200);
    await move(order.id, epc, place);
    return { order, epc };
  }

  async function move(orderId: string, epc: string, place: TPlace) {
    t.clock.advance(60_000);
    const moved = await manager.request('POST', '/api/v1/tracking/orders/update-location', {
      body: { orderId, epcCode: epc, departmentId: place.department.id, stationId: place.station.id },
    });
    expect(moved.statusCode).toBe(200);
  }

  function origin(): string {
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async function tvSocket(deviceToken: string): Promise<Socket> {
    const socket = connect(origin(), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { deviceToken },
      reconnection: false,
      timeout: 3000,
    });
    sockets.push(socket);
    await nextEvent(socket, 'connect');
    return socket;
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    fx = createTrackingFixtures(t.database.db, t.clock);
    const signedIn = await t.clientAs('manager');
    manager = signedIn.client;
    managerEmail = signedIn.user.email;
    const suffix = crypto.randomUUID().slice(0, 6);
    const benchDepartment = await fx.department({ name: `Bench ${suffix}` });
    const polishingDepartment = await fx.department({ name: `Polishing ${suffix}` });
    bench = {
      department: benchDepartment,
      station: await fx.station(benchDepartment.id, { name: 'Bench 3' }),
    };
    polishing = {
      department: polishingDepartment,
      station: await fx.station(polishingDepartment.id, { name: 'Wheel 1' }),
    };
  });
  beforeEach(async () => {
    // Tests move the clock; a fresh sign-in keeps the manager's token valid at the new time.
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  it('pairs a TV with the code it shows: pending until claimed, then paired to the chosen station', async () => {
    const pairing = await startPairing();
    expect(pairing.code).toMatch(/^[A-Z0-9]{6}$/);
    const before = await t.client().request('GET', '/api/v1/tv/device', device(pairing.deviceToken));
    expect(ZTvDeviceStatusSchema.parse(data(before))).toEqual({
      status: 'pending',
      code: pairing.code,
      expiresAt: pairing.expiresAt,
    });
    // A TV still showing its code has no screen yet.
    const early = await t.client().request('GET', '/api/v1/tv/screen', device(pairing.deviceToken));
    expect(early.statusCode).toBe(401);
    expect(early.json()).toMatchObject({ code: 'DEVICE_NOT_PAIRED' });

    const claimed = await manager.request('POST', '/api/v1/tv-displays', {
      body: {
        code: `${pairing.code.slice(0, 3)}-${pairing.code.slice(3)}`,
        name: 'Bench 3 TV',
        stationId: bench.station.id,
      },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const display = ZTvDisplaySchema.parse(data(claimed));
    expect(display).toMatchObject({
      name: 'Bench 3 TV',
      stationId: bench.station.id,
      stationName: 'Bench 3',
    });

    const after = await t.client().request('GET', '/api/v1/tv/device', device(pairing.deviceToken));
    expect(ZTvDeviceStatusSchema.parse(data(after))).toEqual({
      status: 'paired',
      display: { id: display.id, name: 'Bench 3 TV', stationId: bench.station.id },
    });
  });

  it('takes a code once: a second claim of the same code is refused', async () => {
    const { code } = await pair();
    const again = await manager.request('POST', '/api/v1/tv-displays', {
      body: { code, name: 'Other TV', stationId: bench.station.id },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'CODE_INVALID',
      details: { issues: [{ field: 'body.code' }] },
    });
  });

  it('lets a code expire after ten minutes, and the TV then asks for a new one', async () => {
    const pairing = await startPairing();
    t.clock.advance(PAIRING_CODE_TTL_MS + 1000);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    const late = await manager.request('POST', '/api/v1/tv-displays', {
      body: { code: pairing.code, name: 'Late TV', stationId: bench.station.id },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'CODE_INVALID' });
    const status = await t.client().request('GET', '/api/v1/tv/device', device(pairing.deviceToken));
    expect(status.statusCode).toBe(401);
    expect(status.json()).toMatchObject({ code: 'DEVICE_NOT_PAIRED' });
  });

  it('explains a bad claim field by field and pairs nothing', async () => {
    const response = await manager.request('POST', '/api/v1/tv-displays', {
      body: { code: 'nope', name: '', stationId: '' },
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json() as { details: { issues: { field: string }[] } }).details.issues.map(
      (issue) => issue.field,
    );
    expect(fields).toEqual(expect.arrayContaining(['body.code', 'body.name', 'body.stationId']));
    const unknownStation = await manager.request('POST', '/api/v1/tv-displays', {
      body: { code: (await startPairing()).code, name: 'TV', stationId: 'STATION000000' },
    });
    expect(unknownStation.statusCode).toBe(400);
    expect(unknownStation.json()).toMatchObject({ details: { issues: [{ field: 'body.stationId' }] } });
  });

  it('refuses a TV credential everywhere but its own routes, and a person’s token on the TV’s routes', async () => {
    const { deviceToken } = await pair();
    for (const url of [
      '/api/v1/orders',
      '/api/v1/tv-displays',
      `/api/v1/stations/${bench.station.id}/screen`,
    ]) {
      const response = await t.client().request('GET', url, device(deviceToken));
      expect(response.statusCode, url).toBe(401);
    }
    const asPerson = await manager.request('GET', '/api/v1/tv/screen');
    expect(asPerson.statusCode).toBe(401);
    expect(asPerson.json()).toMatchObject({ code: 'DEVICE_NOT_PAIRED' });
    const forged = await t.client().request('GET', '/api/v1/tv/screen', device('tvd_forged'));
    expect(forged.statusCode).toBe(401);
  });

  it('shows the pieces at its station with the customer’s first name only, never a price, and counts what left today', async () => {
    const { deviceToken } = await pair('Bench screen');
    const { order, epc } = await trackedOrderAt(bench, 'Beatrice Quillfeather');
    const { screen, body } = await screenOf(deviceToken);
    expect(screen.station).toMatchObject({ id: bench.station.id, name: 'Bench 3' });
    const piece = screen.here.find((candidate) => candidate.id === order.id);
    expect(piece).toMatchObject({
      number: order.orderNumber,
      customerFirstName: 'Beatrice',
      promisedDate: '2026-12-24',
    });
    expect(body).not.toContain('Quillfeather');
    expect(body).not.toContain('987654');
    expect(body).not.toMatch(/price|deposit|email|phone/i);

    const finishedBefore = screen.finishedToday;
    await move(order.id, epc, polishing);
    const after = await screenOf(deviceToken);
    expect(after.screen.here.some((candidate) => candidate.id === order.id)).toBe(false);
    expect(after.screen.finishedToday).toBe(finishedBefore + 1);
  });

  it('tells its socket when a piece arrives or leaves, and nothing meant for people', async () => {
    const { deviceToken } = await pair('Live TV');
    const socket = await tvSocket(deviceToken);
    let heardPeopleEvent = false;
    socket.on('order:moved', () => {
      heardPeopleEvent = true;
    });
    const arrived = nextEvent<{ stationId: string }>(socket, 'tv:screen-changed');
    const { order, epc } = await trackedOrderAt(bench, 'Cora Lind');
    expect((await arrived).stationId).toBe(bench.station.id);
    const left = nextEvent<{ stationId: string }>(socket, 'tv:screen-changed');
    await move(order.id, epc, polishing);
    expect((await left).stationId).toBe(bench.station.id);
    expect(heardPeopleEvent).toBe(false);
  });

  it('lists displays for managers, renames and moves one, and the TV follows its new station', async () => {
    const { deviceToken, display } = await pair('Old name');
    const listed = await manager.request('GET', '/api/v1/tv-displays');
    const displays = ZTvDisplaySchema.array().parse(data(listed));
    expect(displays.find((candidate) => candidate.id === display.id)).toMatchObject({
      name: 'Old name',
      online: true,
    });
    const socket = await tvSocket(deviceToken);
    const changed = nextEvent<{ stationId: string; revoked: boolean }>(socket, 'tv:display-changed');
    const moved = await manager.request('PATCH', `/api/v1/tv-displays/${display.id}`, {
      body: { name: 'Wheel TV', stationId: polishing.station.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await changed).toEqual({ displayId: display.id, stationId: polishing.station.id, revoked: false });
    const { screen } = await screenOf(deviceToken);
    expect(screen.station.id).toBe(polishing.station.id);

    // Unseen for longer than the online window, it shows offline.
    t.clock.advance(120_000);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    const later = ZTvDisplaySchema.array().parse(data(await manager.request('GET', '/api/v1/tv-displays')));
    expect(later.find((candidate) => candidate.id === display.id)?.online).toBe(false);
  });

  it('revokes a display at once: its screen is refused and its socket is told, then closed', async () => {
    const { deviceToken, display } = await pair('Revoked TV');
    const socket = await tvSocket(deviceToken);
    const told = nextEvent<{ revoked: boolean }>(socket, 'tv:display-changed');
    const closed = nextEvent<string>(socket, 'disconnect');
    const revoked = await manager.request('DELETE', `/api/v1/tv-displays/${display.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await told).revoked).toBe(true);
    expect(await closed).toBe('io server disconnect');
    const screen = await t.client().request('GET', '/api/v1/tv/screen', device(deviceToken));
    expect(screen.statusCode).toBe(401);
    const reconnect = connect(origin(), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { deviceToken },
      reconnection: false,
    });
    sockets.push(reconnect);
    expect((await nextEvent<Error>(reconnect, 'connect_error')).message).toBe('unauthorized');
  });

  it('stops a person guessing codes after ten wrong ones, even with a right code after', async () => {
    const { client } = await t.clientAs('admin');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await client.request('POST', '/api/v1/tv-displays', {
        body: { code: 'AAAAAA', name: 'Guess', stationId: bench.station.id },
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await client.request('POST', '/api/v1/tv-displays', {
      body: { code: (await startPairing()).code, name: 'Guess', stationId: bench.station.id },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('shows staff the same screen, with repairs only for the roles that may see repairs', async () => {
    const repair = await fx.repair({ customerName: 'Dora Vance' });
    const epc = fx.epc();
    const assigned = await manager.request('POST', '/api/v1/tracking/repairs/assign-epc', {
      body: { repairId: repair.id, epcCode: epc },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    t.clock.advance(60_000);
    manager.idToken = (await t.signIn(managerEmail)).IdToken;
    const moved = await manager.request('POST', '/api/v1/tracking/repairs/update-location', {
      body: {
        repairId: repair.id,
        epcCode: epc,
        departmentId: bench.department.id,
        stationId: bench.station.id,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const url = `/api/v1/stations/${bench.station.id}/screen`;
    const asManager = ZStationScreenSchema.parse(data(await manager.request('GET', url)));
    expect(asManager.here.some((piece) => piece.id === repair.id)).toBe(true);
    const { client: designer } = await t.clientAs('designer');
    const asDesigner = ZStationScreenSchema.parse(data(await designer.request('GET', url)));
    expect(asDesigner.here.some((piece) => piece.id === repair.id)).toBe(false);
    const missing = await manager.request('GET', '/api/v1/stations/STATION000000/screen');
    expect(missing.statusCode).toBe(404);
  });
});
