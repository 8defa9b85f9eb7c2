import { canCreateAndManageRepairs, canViewRepairs } from '@loupe/domain/auth/permissions';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { ZTrackedRepairSchema } from '@loupe/domain/tracking/repair-tracking';
import { parseTrackedOrdersResponse } from '@loupe/domain/tracking/tracked-order';
import { ZTrackedOrderResponseSchema } from '@loupe/domain/tracking/tracking-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TTrackingService } from '../src/modules/tracking/service.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const MINUTE = 60_000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The tracking API of spec §7 through HTTP: payloads, answers, errors and who may call what. */
describe.each(TEST_DATABASES)('tracking API on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let tracking: TTrackingService;
  let manager: TTestClient;
  let announced: TAnnouncement[];
  let base: number;
  const at = (minutes: number) => new Date(base + minutes * MINUTE);

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    tracking = t.app.loupe.tracking;
    manager = (await t.clientAs('manager')).client;
    t.app.loupe.events.subscribe((announcement) => announced.push(announcement));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    announced = [];
    base = t.clock().getTime() - 24 * 60 * MINUTE;
  });

  async function workshop() {
    const casting = await fx.department({ name: `Casting ${crypto.randomUUID().slice(0, 8)}` });
    const setting = await fx.department({ name: `Setting ${crypto.randomUUID().slice(0, 8)}` });
    const bench = await fx.station(casting.id, { name: 'Bench 1' });
    const setter = await fx.station(setting.id, { name: 'Setter' });
    return { casting, setting, bench, setter };
  }

  const assignOrder = (client: TTestClient, orderId: string, epcCode: string, orderNumber?: string) =>
    client.request('POST', '/api/v1/tracking/assign-epc', { body: { orderId, epcCode, orderNumber } });
  const assignRepair = (client: TTestClient, repairId: string, epcCode: string) =>
    client.request('POST', '/api/v1/tracking/repairs/assign-epc', { body: { repairId, epcCode } });
  const updateLocation = (client: TTestClient, body: Record<string, unknown>) =>
    client.request('POST', '/api/v1/tracking/orders/update-location', { body });

  /** A tracked order placed at `station`. */
  async function placedOrder(station: { id: string; departmentId: string }, minutes = 0) {
    const order = await fx.order({ customerName: 'Grace Hopper' });
    const epc = fx.epc();
    expect((await assignOrder(manager, order.id, epc, order.orderNumber)).statusCode).toBe(200);
    const moved = await updateLocation(manager, {
      orderId: order.id,
      epcCode: epc,
      departmentId: station.departmentId,
      stationId: station.id,
      timestamp: at(minutes).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    return { order, epc };
  }

  it('lists every tracking route in /api/openapi.json with its schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = (response.json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
    const tracking = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/v1/tracking'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(tracking).toEqual([
      'DELETE /api/v1/tracking/orders/{orderId}',
      'DELETE /api/v1/tracking/repairs/{repairId}',
      'GET /api/v1/tracking/offsite',
      'GET /api/v1/tracking/orders',
      'GET /api/v1/tracking/orders/{orderId}',
      'GET /api/v1/tracking/orders/{orderId}/location-history',
      'GET /api/v1/tracking/repairs',
      'GET /api/v1/tracking/repairs/{repairId}',
      'GET /api/v1/tracking/repairs/{repairId}/location-history',
      'GET /api/v1/tracking/stations/{stationId}/items',
      'GET /api/v1/tracking/stats',
      'POST /api/v1/tracking/assign-epc',
      'POST /api/v1/tracking/orders/update-location',
      'POST /api/v1/tracking/orders/{orderId}/expected-offsite',
      'POST /api/v1/tracking/orders/{orderId}/return',
      'POST /api/v1/tracking/repairs/assign-epc',
      'POST /api/v1/tracking/repairs/update-location',
      'POST /api/v1/tracking/repairs/{repairId}/expected-offsite',
      'POST /api/v1/tracking/repairs/{repairId}/return',
      'POST /api/v1/tracking/stations/{stationId}/scans',
    ]);
    expect(paths['/api/v1/tracking/orders/update-location']?.post).toMatchObject({
      tags: ['tracking'],
      requestBody: {
        content: { 'application/json': { schema: { required: expect.arrayContaining(['orderId']) } } },
      },
    });
  });

  describe('GET /tracking/orders', () => {
    it('answers what the web client’s parseTrackedOrdersResponse reads, history newest first', async () => {
      const { casting, setting, bench, setter } = await workshop();
      const { order, epc } = await placedOrder(bench, 0);
      await updateLocation(manager, {
        orderId: order.id,
        epcCode: epc,
        departmentId: setting.id,
        stationId: setter.id,
        readerId: 'READER-7',
        antennaNumber: 2,
        timestamp: at(50).toISOString(),
      });
      const unplaced = await fx.order();
      const unplacedEpc = fx.epc();
      await assignOrder(manager, unplaced.id, unplacedEpc);

      const { client } = await t.clientAs('designer');
      const response = await client.request('GET', '/api/v1/tracking/orders');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      const parsed = parseTrackedOrdersResponse(body);
      if (!parsed.ok) throw new Error('the answer is not a list');
      expect(parsed.invalid).toEqual([]);
      const mine = parsed.orders.find((o) => o.orderId === order.id);
      expect(mine).toMatchObject({
        orderNumber: order.orderNumber,
        epcCode: epc,
        status: 'active',
        currentLocation: {
          departmentId: setting.id,
          departmentName: setting.name,
          stationId: setter.id,
          stationName: 'Setter',
        },
        lastSeen: at(50).toISOString(),
        isExpectedOffsite: false,
      });
      expect(mine?.locationHistory.map((entry) => [entry.location, entry.duration])).toEqual([
        [`${setting.name} - Setter`, 50],
        [`${casting.name} - Bench 1`, 0],
      ]);
      expect(parsed.orders.find((o) => o.orderId === unplaced.id)).toMatchObject({
        epcCode: unplacedEpc,
        currentLocation: null,
        locationHistory: [],
        lastSeen: null,
      });
      for (const item of body.data) expect(ZTrackedOrderResponseSchema.safeParse(item).success).toBe(true);
    });

    it('answers one tracked order, and 404 with a message for an order not being tracked', async () => {
      const { bench } = await workshop();
      const { order, epc } = await placedOrder(bench);
      const one = await manager.request('GET', `/api/v1/tracking/orders/${order.id}`);
      expect(one.json().data).toMatchObject({ orderId: order.id, epcCode: epc, status: 'tracking' });

      const untracked = await fx.order();
      const missing = await manager.request('GET', `/api/v1/tracking/orders/${untracked.id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: `Order ${untracked.orderNumber} is not being tracked.`,
      });
      const nowhere = await manager.request('GET', `/api/v1/tracking/orders/${MISSING_ID}`);
      expect(nowhere.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: `There is no order ${MISSING_ID}.`,
      });
      const notAnId = await manager.request('GET', '/api/v1/tracking/orders/ORD-1');
      expect(notAnId.statusCode).toBe(400);
    });
  });

  describe('POST /tracking/orders/update-location', () => {
    it('answers locationChanged true for a move and false when it only refreshes lastSeen', async () => {
      const { bench, setter } = await workshop();
      const { order, epc } = await placedOrder(bench, 0);
      const read = { orderId: order.id, epcCode: epc, departmentId: bench.departmentId, stationId: bench.id };

      const same = await updateLocation(manager, { ...read, timestamp: at(5).toISOString() });
      expect(same.json()).toEqual({
        success: true,
        message: 'Already at this station: last seen refreshed.',
        data: { locationChanged: false, outcome: 'seen', returnedFromOffsite: false },
      });
      const moved = await updateLocation(manager, {
        ...read,
        departmentId: setter.departmentId,
        stationId: setter.id,
        timestamp: at(9).toISOString(),
      });
      expect(moved.json()).toEqual({
        success: true,
        message: 'Location updated.',
        data: { locationChanged: true, outcome: 'moved', returnedFromOffsite: false },
      });
      const late = await updateLocation(manager, { ...read, timestamp: at(1).toISOString() });
      expect(late.json().data).toEqual({
        locationChanged: false,
        outcome: 'stale',
        returnedFromOffsite: false,
      });
      expect(await fx.historyRows('order', order.id)).toHaveLength(2);
    });

    it('stamps a read without timestamp with the server’s time and accepts the EPC in any reader spelling', async () => {
      const { bench } = await workshop();
      const order = await fx.order();
      const epc = fx.epc();
      await assignOrder(manager, order.id, epc);
      const spaced = epc.toLowerCase().replace(/(.{4})/g, '$1 ');
      const response = await updateLocation(manager, {
        orderId: order.id,
        epcCode: spaced,
        departmentId: bench.departmentId,
        stationId: bench.id,
      });
      expect(response.json().data.locationChanged).toBe(true);
      expect((await fx.trackedRow('order', order.id))?.arrivedAt).toEqual(t.clock());
    });

    it('lets any signed-in user report a read', async () => {
      const { bench } = await workshop();
      const order = await fx.order();
      const epc = fx.epc();
      await assignOrder(manager, order.id, epc);
      const { client } = await t.clientAs('qa');
      const response = await updateLocation(client, {
        orderId: order.id,
        epcCode: epc,
        departmentId: bench.departmentId,
        stationId: bench.id,
        timestamp: at(0).toISOString(),
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses an order that is not being tracked with 404 and a message saying so', async () => {
      const { bench } = await workshop();
      const order = await fx.order();
      const response = await updateLocation(manager, {
        orderId: order.id,
        epcCode: fx.epc(),
        departmentId: bench.departmentId,
        stationId: bench.id,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: `Order ${order.orderNumber} is not being tracked.` });
      const unknown = await updateLocation(manager, {
        orderId: 'not-a-uuid',
        epcCode: fx.epc(),
        departmentId: bench.departmentId,
        stationId: bench.id,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('There is no order not-a-uuid.');
    });

    it('refuses an EPC that is not the order’s tag with 409 and changes nothing', async () => {
      const { bench, setter } = await workshop();
      const { order, epc } = await placedOrder(bench);
      const other = fx.epc();
      const response = await updateLocation(manager, {
        orderId: order.id,
        epcCode: other,
        departmentId: setter.departmentId,
        stationId: setter.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: `EPC ${other} is not the tag of order ${order.orderNumber}, which carries ${epc}.`,
      });
      expect(await fx.trackedRow('order', order.id)).toMatchObject({ currentStationId: bench.id });
    });

    it.each([
      ['a department that does not exist', 404, 'NOT_FOUND', 'Department DEPT999 does not exist.'],
      ['a station that does not exist', 404, 'NOT_FOUND', 'Station STATION000000 does not exist.'],
      ['a station of another department', 400, 'VALIDATION_FAILED', 'is not a station of department'],
    ])('refuses a move to %s', async (label, status, code, message) => {
      const { casting, setting, bench } = await workshop();
      const { order, epc } = await placedOrder(bench);
      const target =
        label === 'a department that does not exist'
          ? { departmentId: 'DEPT999', stationId: bench.id }
          : label === 'a station that does not exist'
            ? { departmentId: casting.id, stationId: 'STATION000000' }
            : { departmentId: setting.id, stationId: bench.id };
      const response = await updateLocation(manager, { orderId: order.id, epcCode: epc, ...target });
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.json().message).toContain(message);
      expect(await fx.historyRows('order', order.id)).toHaveLength(1);
    });

    it('refuses a malformed read with a clear message', async () => {
      const { bench } = await workshop();
      const { order } = await placedOrder(bench);
      const response = await updateLocation(manager, {
        orderId: order.id,
        epcCode: 'not hex',
        departmentId: bench.departmentId,
        stationId: bench.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'body.epcCode: EPC must contain only hexadecimal digits',
      });
    });
  });

  describe('POST /tracking/assign-epc', () => {
    it('starts tracking an order: active, recorded in its history, announced after commit', async () => {
      const order = await fx.order();
      const epc = fx.epc();
      const response = await assignOrder(manager, order.id, epc.toLowerCase(), order.orderNumber);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'EPC assigned.',
        data: {
          orderId: order.id,
          order: { orderNumber: order.orderNumber },
          epcCode: epc,
          status: 'tracking',
        },
      });
      const changes = await fx.changes('order', order.id);
      expect(changes).toEqual([
        expect.objectContaining({ action: 'epc-assigned', changes: { epc: { from: null, to: epc } } }),
      ]);
      expect(changes[0]?.actorId).not.toBeNull();
      expect(announced).toEqual([
        {
          name: 'order:tracking:started',
          payload: {
            orderId: order.id,
            orderNumber: order.orderNumber,
            epc,
            timestamp: t.clock().toISOString(),
          },
          rooms: [`order:${order.id}`],
        },
      ]);
    });

    it('refuses an orderNumber that is not the order’s with 400, tagging nothing (issue 21 §6)', async () => {
      const order = await fx.order();
      const other = await fx.order();
      const epc = fx.epc();
      const response = await assignOrder(manager, order.id, epc, other.orderNumber);
      expect(response.statusCode).toBe(400);
      const message = `${other.orderNumber} is not the number of this order: it is ${order.orderNumber}.`;
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        details: { issues: [{ field: 'body.orderNumber', message }] },
      });
      expect(await fx.trackedRow('order', order.id)).toBeUndefined();
      const repair = await fx.repair();
      const refused = await manager.request('POST', '/api/v1/tracking/repairs/assign-epc', {
        body: { repairId: repair.id, epcCode: epc, repairNumber: 'REP-99999' },
      });
      expect(refused.statusCode).toBe(400);
      expect((await assignOrder(manager, order.id, epc, order.orderNumber)).statusCode).toBe(200);
    });

    it('answers 404 for an order that does not exist', async () => {
      const response = await assignOrder(manager, MISSING_ID, fx.epc());
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`There is no order ${MISSING_ID}.`);
    });

    it('takes the EPC off another order first', async () => {
      const { bench } = await workshop();
      const { order: holder, epc } = await placedOrder(bench);
      const order = await fx.order();
      announced = [];

      expect((await assignOrder(manager, order.id, epc)).statusCode).toBe(200);
      expect((await manager.request('GET', `/api/v1/tracking/orders/${holder.id}`)).statusCode).toBe(404);
      expect(await fx.historyRows('order', holder.id)).toHaveLength(1);
      expect((await fx.changes('order', holder.id)).map((c) => [c.action, c.changes])).toContainEqual([
        'tracking-stopped',
        { epc: { from: epc, to: null }, epcReassignedTo: { from: null, to: order.orderNumber } },
      ]);
      expect(announced.map((a) => [a.name, a.rooms])).toEqual([
        // Spec §4: the holder's tracking stopped (its tag went to the other order), then the new one's started.
        ['order:tracking:stopped', [`order:${holder.id}`]],
        ['order:updated', [`order:${holder.id}`]],
        ['order:tracking:started', [`order:${order.id}`]],
      ]);
      expect(announced[0]?.payload).toMatchObject({ orderId: holder.id, epc });
    });

    it('keeps the location history with the order after its tag moves to another order (issue 11 §2)', async () => {
      const { bench } = await workshop();
      const { order: holder, epc } = await placedOrder(bench);
      const before = await manager.request('GET', `/api/v1/tracking/orders/${holder.id}/location-history`);
      expect(before.json().data).toMatchObject({ isTracked: true, locationHistory: [{ rfidTag: epc }] });

      expect((await assignOrder(manager, (await fx.order()).id, epc)).statusCode).toBe(200);
      const after = await manager.request('GET', `/api/v1/tracking/orders/${holder.id}/location-history`);
      expect(after.statusCode).toBe(200);
      expect(after.json().data).toEqual({
        isTracked: false,
        locationHistory: before.json().data.locationHistory,
      });
      expect(after.json().data.locationHistory[0].currentStation).toEqual({ id: bench.id, name: 'Bench 1' });

      const missing = await manager.request('GET', `/api/v1/tracking/orders/${MISSING_ID}/location-history`);
      expect(missing.statusCode).toBe(404);
    });

    it('takes the EPC off a repair first (spec §4)', async () => {
      const repair = await fx.repair();
      const epc = fx.epc();
      expect((await assignRepair(manager, repair.id, epc)).statusCode).toBe(200);
      const order = await fx.order();
      announced = [];

      expect((await assignOrder(manager, order.id, epc)).statusCode).toBe(200);
      expect(await fx.trackedRow('repair', repair.id)).toBeUndefined();
      expect(await fx.trackedRow('order', order.id)).toMatchObject({ epc, status: 'active' });
      expect((await fx.changes('repair', repair.id)).map((c) => c.action)).toEqual([
        'epc-assigned',
        'tracking-stopped',
      ]);
      expect(announced.map((a) => a.name)).toEqual([
        'repair:tracking:stopped',
        'repair:updated',
        'order:tracking:started',
      ]);
      expect(announced[0]).toMatchObject({
        payload: { repairId: repair.id, repairNumber: repair.repairNumber, epc },
        rooms: [`repair:${repair.id}`],
      });
    });

    it('gives a tracked order a new EPC, keeping its location and freeing the old tag', async () => {
      const { bench } = await workshop();
      const { order, epc: oldEpc } = await placedOrder(bench);
      const newEpc = fx.epc();
      const response = await assignOrder(manager, order.id, newEpc);
      expect(response.json().data).toMatchObject({
        epcCode: newEpc,
        status: 'tracking',
        currentStationId: bench.id,
      });
      expect((await fx.changes('order', order.id)).at(-1)).toMatchObject({
        action: 'epc-assigned',
        changes: { epc: { from: oldEpc, to: newEpc } },
      });
      const other = await fx.order();
      expect((await assignOrder(manager, other.id, oldEpc)).statusCode).toBe(200);
      expect(await fx.trackedRow('order', order.id)).toMatchObject({ epc: newEpc });
    });

    it('changes nothing when the order already carries that EPC', async () => {
      const { bench } = await workshop();
      const { order, epc } = await placedOrder(bench);
      const before = await fx.changes('order', order.id);
      announced = [];
      expect((await assignOrder(manager, order.id, epc)).statusCode).toBe(200);
      expect(await fx.changes('order', order.id)).toHaveLength(before.length);
      expect(announced).toEqual([]);
    });

    it.each(['designer', 'operator', 'production', 'qa'] as const)(
      'refuses a %s assigning an EPC and stores nothing',
      async (role) => {
        const order = await fx.order();
        const { client } = await t.clientAs(role);
        const response = await assignOrder(client, order.id, fx.epc());
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
        expect(await fx.trackedRow('order', order.id)).toBeUndefined();
      },
    );
  });

  describe('DELETE /tracking/orders/:orderId', () => {
    it('stops tracking and keeps the location history', async () => {
      const { bench } = await workshop();
      const { order, epc } = await placedOrder(bench);
      announced = [];
      const response = await manager.request('DELETE', `/api/v1/tracking/orders/${order.id}`);
      expect(response.json()).toEqual({
        success: true,
        message: `Stopped tracking order ${order.orderNumber}.`,
      });
      expect(await fx.trackedRow('order', order.id)).toBeUndefined();
      expect(await fx.historyRows('order', order.id)).toHaveLength(1);
      expect((await fx.changes('order', order.id)).at(-1)).toMatchObject({
        action: 'tracking-stopped',
        changes: { epc: { from: epc, to: null } },
      });
      expect(announced.map((a) => a.name)).toEqual(['order:tracking:stopped', 'order:updated']);

      // Tagged again, its timeline still shows where it was before.
      await assignOrder(manager, order.id, fx.epc());
      const again = await manager.request('GET', `/api/v1/tracking/orders/${order.id}`);
      expect(again.json().data.locationHistory).toHaveLength(1);
      expect(again.json().data.currentStationId).toBeNull();
    });

    it('answers 404 for an order that is not being tracked', async () => {
      const order = await fx.order();
      const response = await manager.request('DELETE', `/api/v1/tracking/orders/${order.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`Order ${order.orderNumber} is not being tracked.`);
    });

    it('refuses a designer', async () => {
      const { bench } = await workshop();
      const { order } = await placedOrder(bench);
      const { client } = await t.clientAs('designer');
      expect((await client.request('DELETE', `/api/v1/tracking/orders/${order.id}`)).statusCode).toBe(403);
      expect(await fx.trackedRow('order', order.id)).toBeDefined();
    });
  });

  describe('expected offsite and return', () => {
    it('flags an order as expected offsite and records the change', async () => {
      const { bench } = await workshop();
      const { order } = await placedOrder(bench);
      const response = await manager.request('POST', `/api/v1/tracking/orders/${order.id}/expected-offsite`, {
        body: { expectedOffsite: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ orderId: order.id, expectedOffsite: true });
      expect((await fx.changes('order', order.id)).at(-1)).toMatchObject({
        action: 'expected-offsite-changed',
        changes: { expectedOffsite: { from: false, to: true } },
      });
      const cleared = await manager.request('POST', `/api/v1/tracking/orders/${order.id}/expected-offsite`, {
        body: { expectedOffsite: false },
      });
      expect(cleared.json().data.expectedOffsite).toBe(false);
    });

    it('refuses a flag that is not a boolean, and an order that is not tracked', async () => {
      const order = await fx.order();
      const bad = await manager.request('POST', `/api/v1/tracking/orders/${order.id}/expected-offsite`, {
        body: { expectedOffsite: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
      const untracked = await manager.request(
        'POST',
        `/api/v1/tracking/orders/${order.id}/expected-offsite`,
        {
          body: { expectedOffsite: true },
        },
      );
      expect(untracked.statusCode).toBe(404);
    });

    it('returns an order only from offsite', async () => {
      const { bench } = await workshop();
      const { order, epc } = await placedOrder(bench, 0);
      const early = await manager.request('POST', `/api/v1/tracking/orders/${order.id}/return`);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        code: 'CONFLICT',
        message: `Order ${order.orderNumber} is not offsite, so it cannot be returned (it is active).`,
      });

      await tracking.detectOffsite(at(31));
      announced = [];
      const { client } = await t.clientAs('salesperson');
      const response = await client.request('POST', `/api/v1/tracking/orders/${order.id}/return`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        status: 'returned',
        offsiteDetectedAt: at(31).toISOString(),
        offsiteReturnedAt: t.clock().toISOString(),
      });
      expect(announced.map((a) => [a.name, a.payload])).toEqual([
        [
          'tracking:returned-from-offsite',
          {
            itemType: 'order',
            itemId: order.id,
            number: order.orderNumber,
            epc,
            returnedAt: t.clock().toISOString(),
          },
        ],
      ]);
      const twice = await client.request('POST', `/api/v1/tracking/orders/${order.id}/return`);
      expect(twice.statusCode).toBe(409);
    });
  });

  describe('repairs', () => {
    it('tracks a repair in the spec §3 tracked-repair shape', async () => {
      const { setting, setter } = await workshop();
      const repair = await fx.repair();
      const epc = fx.epc();
      const assigned = await assignRepair(manager, repair.id, epc);
      expect(ZTrackedRepairSchema.parse(assigned.json().data)).toMatchObject({
        repairId: repair.id,
        repairNumber: repair.repairNumber,
        status: 'active',
        currentLocation: null,
      });
      const moved = await manager.request('POST', '/api/v1/tracking/repairs/update-location', {
        body: {
          repairId: repair.id,
          epcCode: epc,
          departmentId: setting.id,
          stationId: setter.id,
          antennaNumber: 4,
          timestamp: at(3).toISOString(),
        },
      });
      expect(moved.json().data.locationChanged).toBe(true);

      const { client } = await t.clientAs('operator');
      const one = await client.request('GET', `/api/v1/tracking/repairs/${repair.id}`);
      expect(ZTrackedRepairSchema.parse(one.json().data)).toMatchObject({
        currentLocation: {
          departmentId: setting.id,
          departmentName: setting.name,
          stationId: setter.id,
          stationName: 'Setter',
          antennaNumber: 4,
          timestamp: at(3).toISOString(),
          epc,
        },
        lastSeen: at(3).toISOString(),
      });
      const list = await client.request('GET', '/api/v1/tracking/repairs');
      expect(list.json().data.map((r: { repairId: string }) => r.repairId)).toContain(repair.id);
      for (const item of list.json().data) expect(ZTrackedRepairSchema.safeParse(item).success).toBe(true);
    });

    it('lets only the roles that manage repairs move one by hand (spec §6, issue 20 §5)', async () => {
      const { setting, setter } = await workshop();
      const repair = await fx.repair();
      const epc = fx.epc();
      await assignRepair(manager, repair.id, epc);
      const body = { repairId: repair.id, epcCode: epc, departmentId: setting.id, stationId: setter.id };
      for (const role of ROLES) {
        const { client } = await t.clientAs(role);
        const response = await client.request('POST', '/api/v1/tracking/repairs/update-location', { body });
        if (canCreateAndManageRepairs({ role })) {
          expect(response.statusCode, role).toBe(200);
        } else {
          expect(response.statusCode, role).toBe(403);
          expect(response.json(), role).toMatchObject({ code: 'FORBIDDEN' });
        }
      }
      expect(ROLES.filter((role) => canCreateAndManageRepairs({ role }))).toEqual([
        'admin',
        'manager',
        'operator',
        'production',
      ]);
      // The service checks too, whoever calls it: a salesperson sees repairs but does not move them.
      const salesperson = {
        id: (await t.createUser({ role: 'salesperson' })).id,
        role: 'salesperson' as const,
      };
      await expect(
        tracking.updateLocation(salesperson, 'repair', { itemId: repair.id, ...body }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it('takes an EPC off another repair when it is assigned to a repair (spec §4)', async () => {
      const first = await fx.repair();
      const second = await fx.repair();
      const epc = fx.epc();
      await assignRepair(manager, first.id, epc);
      expect((await assignRepair(manager, second.id, epc)).statusCode).toBe(200);
      expect((await manager.request('GET', `/api/v1/tracking/repairs/${first.id}`)).statusCode).toBe(404);
      expect(await fx.trackedRow('repair', second.id)).toMatchObject({ epc });
    });

    it('takes an EPC off an order when it is assigned to a repair', async () => {
      const order = await fx.order();
      const repair = await fx.repair();
      const epc = fx.epc();
      await assignOrder(manager, order.id, epc);
      expect((await assignRepair(manager, repair.id, epc)).statusCode).toBe(200);
      expect(await fx.trackedRow('order', order.id)).toBeUndefined();
    });

    it('stops tracking a repair, returns it only from offsite and flags it expected offsite', async () => {
      const { bench } = await workshop();
      const repair = await fx.repair();
      const epc = fx.epc();
      await assignRepair(manager, repair.id, epc);
      await tracking.applyMove({ epc, departmentId: bench.departmentId, stationId: bench.id, at: at(0) });
      const flagged = await manager.request(
        'POST',
        `/api/v1/tracking/repairs/${repair.id}/expected-offsite`,
        {
          body: { expectedOffsite: true },
        },
      );
      expect(flagged.json().data.isExpectedOffsite).toBe(true);
      expect((await manager.request('POST', `/api/v1/tracking/repairs/${repair.id}/return`)).statusCode).toBe(
        409,
      );
      await tracking.detectOffsite(at(61));
      announced = [];
      const returned = await manager.request('POST', `/api/v1/tracking/repairs/${repair.id}/return`);
      expect(returned.json().data).toMatchObject({
        status: 'returned',
        offsiteDetectedAt: at(61).toISOString(),
      });
      expect(announced.map((a) => a.name)).toEqual(['tracking:returned-from-offsite', 'repair:updated']);

      const stopped = await manager.request('DELETE', `/api/v1/tracking/repairs/${repair.id}`);
      expect(stopped.json().message).toBe(`Stopped tracking repair ${repair.repairNumber}.`);
      expect(await fx.historyRows('repair', repair.id)).toHaveLength(1);
      expect((await manager.request('DELETE', `/api/v1/tracking/repairs/${repair.id}`)).statusCode).toBe(404);
    });

    it('refuses a salesperson managing repair tracking, but lets them see it and handle its offsite state', async () => {
      const repair = await fx.repair();
      const epc = fx.epc();
      await assignRepair(manager, repair.id, epc);
      const { client } = await t.clientAs('salesperson');

      const assign = await assignRepair(client, (await fx.repair()).id, fx.epc());
      expect(assign.statusCode).toBe(403);
      const stop = await client.request('DELETE', `/api/v1/tracking/repairs/${repair.id}`);
      expect(stop.statusCode).toBe(403);
      expect(await fx.trackedRow('repair', repair.id)).toMatchObject({ epc });

      expect((await client.request('GET', `/api/v1/tracking/repairs/${repair.id}`)).statusCode).toBe(200);
      const flag = await client.request('POST', `/api/v1/tracking/repairs/${repair.id}/expected-offsite`, {
        body: { expectedOffsite: true },
      });
      expect(flag.statusCode).toBe(200);
    });

    it('hides repair tracking from roles that do not see repairs', async () => {
      const { client } = await t.clientAs('designer');
      expect((await client.request('GET', '/api/v1/tracking/repairs')).statusCode).toBe(403);
      expect((await client.request('GET', '/api/v1/tracking/offsite')).statusCode).toBe(403);
      const repair = await fx.repair();
      const history = await client.request('GET', `/api/v1/tracking/repairs/${repair.id}/location-history`);
      expect(history.statusCode).toBe(403);
    });

    it('answers a repair that was never tagged with an empty, untracked history', async () => {
      const repair = await fx.repair();
      const response = await manager.request('GET', `/api/v1/tracking/repairs/${repair.id}/location-history`);
      expect(response.json()).toEqual({ success: true, data: { isTracked: false, locationHistory: [] } });
    });
  });
});

/** Counts and the offsite list need a database of their own: they count everything in it. */
describe.each(TEST_DATABASES)('tracking stats and offsite list on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let tracking: TTrackingService;
  let manager: TTestClient;

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    tracking = t.app.loupe.tracking;
    manager = (await t.clientAs('manager')).client;
  });
  afterAll(() => t.close());

  it('says so when nothing is tracked', async () => {
    expect((await manager.request('GET', '/api/v1/tracking/orders')).json()).toEqual({
      success: true,
      data: [],
    });
    expect((await manager.request('GET', '/api/v1/tracking/repairs')).json()).toEqual({
      success: true,
      data: [],
    });
    expect((await manager.request('GET', '/api/v1/tracking/offsite')).json()).toEqual({
      success: true,
      data: [],
    });
    expect((await manager.request('GET', '/api/v1/tracking/stats')).json().data).toEqual({
      totalTracked: 0,
      activeOrders: 0,
      offsiteOrders: 0,
      returnedOrders: 0,
      activeRepairs: 0,
      offsiteRepairs: 0,
      returnedRepairs: 0,
      departmentCounts: {},
    });
  });

  it('counts by status and by department name, leaving offsite items out of departments', async () => {
    const base = t.clock().getTime() - 24 * 60 * MINUTE;
    const at = (minutes: number) => new Date(base + minutes * MINUTE);
    const casting = await fx.department({ name: 'Casting' });
    const polishing = await fx.department({ name: 'Polishing' });
    const bench = await fx.station(casting.id, { name: 'Bench 1' });
    const wheel = await fx.station(polishing.id, { name: 'Wheel' });
    const actor = { id: (await t.createUser({ role: 'admin' })).id, role: 'admin' as const };

    const track = async (kind: 'order' | 'repair', customerName: string) => {
      const item = kind === 'order' ? await fx.order({ customerName }) : await fx.repair({ customerName });
      const epc = fx.epc();
      await tracking.assignEpc(actor, kind, item.id, epc);
      return { item, epc };
    };
    const inCasting = await track('order', 'Ada');
    const inPolishing = await track('order', 'Grace');
    const gone = await track('order', 'Hedy');
    const repairGone = await track('repair', 'Katherine');
    const unplaced = await track('repair', 'Mary');
    const read = (epc: string, station: { id: string; departmentId: string }, minutes: number) =>
      tracking.applyMove({ epc, departmentId: station.departmentId, stationId: station.id, at: at(minutes) });
    await read(inCasting.epc, bench, 100);
    await read(inPolishing.epc, wheel, 100);
    await read(gone.epc, bench, 0);
    await read(repairGone.epc, wheel, 10);
    expect(unplaced.item.id).toBeDefined();
    // Hedy's order goes missing first, Katherine's repair later.
    await tracking.detectOffsite(at(35));
    await tracking.detectOffsite(at(45));

    const stats = await manager.request('GET', '/api/v1/tracking/stats');
    expect(stats.json()).toEqual({
      success: true,
      data: {
        totalTracked: 5,
        activeOrders: 2,
        offsiteOrders: 1,
        returnedOrders: 0,
        activeRepairs: 1,
        offsiteRepairs: 1,
        returnedRepairs: 0,
        departmentCounts: { Casting: 1, Polishing: 1 },
      },
    });

    const offsite = await manager.request('GET', '/api/v1/tracking/offsite');
    expect(offsite.json().data).toEqual([
      {
        itemKind: 'repair',
        itemId: repairGone.item.id,
        number: 'repairNumber' in repairGone.item ? repairGone.item.repairNumber : '',
        customerName: 'Katherine',
        epc: repairGone.epc,
        lastSeen: at(10).toISOString(),
        offsiteDetectedAt: at(45).toISOString(),
        // Gone since it was last seen, not since the sweep noticed.
        offsiteSince: at(10).toISOString(),
        isExpectedOffsite: false,
        lastDepartmentName: 'Polishing',
        lastStationName: 'Wheel',
      },
      {
        itemKind: 'order',
        itemId: gone.item.id,
        number: 'orderNumber' in gone.item ? gone.item.orderNumber : '',
        customerName: 'Hedy',
        epc: gone.epc,
        lastSeen: at(0).toISOString(),
        offsiteDetectedAt: at(35).toISOString(),
        offsiteSince: at(0).toISOString(),
        isExpectedOffsite: false,
        lastDepartmentName: 'Casting',
        lastStationName: 'Bench 1',
      },
    ]);
    const { client } = await t.clientAs('qa');
    expect((await client.request('GET', '/api/v1/tracking/stats')).statusCode).toBe(200);
  });

  it('counts repairs only for the roles that see repairs; the others get order counts alone (issue 20 §5)', async () => {
    const engraving = await fx.department({ name: 'Engraving' });
    const bench = await fx.station(engraving.id, { name: 'Engraving bench' });
    const actor = { id: (await t.createUser({ role: 'admin' })).id, role: 'admin' as const };
    const statsOf = async (role: TRole) => {
      const { client } = await t.clientAs(role);
      const response = await client.request('GET', '/api/v1/tracking/stats');
      expect(response.statusCode).toBe(200);
      return response.json().data as Record<string, unknown> & { departmentCounts: Record<string, number> };
    };
    const before = new Map<TRole, Awaited<ReturnType<typeof statsOf>>>();
    for (const role of ROLES) before.set(role, await statsOf(role));

    const repair = await fx.repair({ customerName: 'Rosalind' });
    const epc = fx.epc();
    await tracking.assignEpc(actor, 'repair', repair.id, epc);
    await tracking.applyMove({ epc, departmentId: engraving.id, stationId: bench.id, at: t.clock() });

    for (const role of ROLES) {
      const was = before.get(role);
      const now = await statsOf(role);
      if (canViewRepairs({ role })) {
        expect(now, role).toMatchObject({
          totalTracked: Number(was?.totalTracked) + 1,
          activeRepairs: Number(was?.activeRepairs) + 1,
          offsiteRepairs: expect.any(Number),
          returnedRepairs: expect.any(Number),
        });
        expect(now.departmentCounts.Engraving, role).toBe(1);
      } else {
        expect(now, role).toEqual(was);
        expect(
          Object.keys(now).filter((key) => key.endsWith('Repairs')),
          role,
        ).toEqual([]);
        expect(now.departmentCounts.Engraving, role).toBeUndefined();
      }
    }
  });
});
