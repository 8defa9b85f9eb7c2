import type { TOrder } from '@loupe/domain/orders/order';
import type { TLocation } from '@loupe/domain/registry/locations';
import type { TRepair } from '@loupe/domain/repairs/repair';
import { defaultPromisedDate, ORDER_SETTINGS_DEFAULTS } from '@loupe/domain/settings/order-settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { departments, locations, stations } from '../src/db/schema/registry.ts';
import type { TTrackingActor } from '../src/modules/tracking/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const MINUTE = 60_000;

/**
 * Issue 39 §2–§3: each location's own rules (settings, offsite timeout, transit in the promise, closing
 * calendar), people's home locations, where jobs are taken in and collected, and the lists by location.
 */
describe.each(TEST_DATABASES)('location rules on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let adminActor: TTrackingActor;
  let manager: TTestClient;
  let salesperson: TTestClient;
  let customerId: string;
  let store: TLocation;
  let vendor: TLocation;
  let seq = 0;

  async function newLocation(kind: 'store' | 'vendor'): Promise<TLocation> {
    seq += 1;
    const response = await admin.request('POST', '/api/v1/locations', {
      body: { name: `${kind} ${seq} ${database}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const location: TLocation = response.json().data;
    // The location API's kind is another change's (transfers); set it straight in the table here.
    await t.database.db.update(locations).set({ kind }).where(eq(locations.id, location.id));
    return location;
  }

  /** A department and a station at a location, straight in the tables. */
  async function stationAt(locationId: string) {
    seq += 1;
    const departmentId = `DEPT8${String(seq).padStart(2, '0')}`;
    await t.database.db.insert(departments).values({
      id: departmentId,
      name: `Counter ${seq} ${database}`,
      gradient: 'from-amber-500 to-orange-600',
      iconName: 'Hammer',
      locationId,
    });
    const stationId = `STATION${800_000 + seq}`;
    await t.database.db.insert(stations).values({ id: stationId, departmentId, name: `Shelf ${seq}` });
    return { departmentId, stationId };
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    const signedInAdmin = await t.clientAs('admin');
    admin = signedInAdmin.client;
    adminActor = { id: signedInAdmin.user.id, role: 'admin' };
    manager = (await t.clientAs('manager')).client;
    salesperson = (await t.clientAs('salesperson')).client;
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    customerId = customer.json().data.id;
    store = await newLocation('store');
    vendor = await newLocation('vendor');
  });
  afterAll(() => t.close());

  describe('GET/PUT /locations/:id/settings', () => {
    it("answers a location's own settings with the workshop's values beside them", async () => {
      const response = await salesperson.request('GET', `/api/v1/locations/${store.id}/settings`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        locationId: store.id,
        kind: 'store',
        settings: {},
        workshop: { calendar: expect.objectContaining({ timeZone: 'UTC' }), offsiteTimeoutMinutes: 30 },
      });
    });

    it('lets a manager replace them, dropping what is left out', async () => {
      const calendar = {
        timeZone: 'Europe/Paris',
        openDays: [2, 3, 4, 5, 6],
        opensAt: '10:00',
        closesAt: '19:00',
        closedDates: [],
      };
      const saved = await manager.request('PUT', `/api/v1/locations/${store.id}/settings`, {
        body: { calendar, offsiteTimeoutMinutes: 90, transitDays: 2, labelPrinter: ' zebra-1 ' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        message: 'Location settings saved.',
        data: {
          settings: { calendar, offsiteTimeoutMinutes: 90, transitDays: 2, labelPrinter: 'zebra-1' },
        },
      });
      const replaced = await manager.request('PUT', `/api/v1/locations/${store.id}/settings`, {
        body: { transitDays: 2 },
      });
      expect(replaced.json().data.settings).toEqual({ transitDays: 2 });
    });

    it.each([
      ['a transit over 30 days', { transitDays: 31 }, 'transitDays'],
      ['a zero offsite timeout', { offsiteTimeoutMinutes: 0 }, 'offsiteTimeoutMinutes'],
      [
        'an unknown time zone',
        {
          calendar: {
            timeZone: 'Mars/Olympus',
            openDays: [1],
            opensAt: '09:00',
            closesAt: '17:00',
            closedDates: [],
          },
        },
        'calendar.timeZone',
      ],
    ])('refuses %s with 400 naming the field', async (_name, body, field) => {
      const response = await manager.request('PUT', `/api/v1/locations/${store.id}/settings`, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(response.json().details)).toContain(field);
    });

    it('refuses a salesperson with 403, and answers 404 for a location that does not exist', async () => {
      const refused = await salesperson.request('PUT', `/api/v1/locations/${store.id}/settings`, {
        body: { transitDays: 1 },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      const missing = await manager.request('PUT', '/api/v1/locations/LOC999/settings', {
        body: { transitDays: 1 },
      });
      expect(missing.statusCode).toBe(404);
      expect((await salesperson.request('GET', '/api/v1/locations/LOC999/settings')).statusCode).toBe(404);
    });
  });

  describe('the offsite sweep', () => {
    beforeEach(async () => {
      await t.app.loupe.settings.write('general', {}, null);
    });

    it("takes a location's own offsite timeout for the pieces at its stations", async () => {
      const slowStore = await newLocation('store');
      await manager.request('PUT', `/api/v1/locations/${slowStore.id}/settings`, {
        body: { offsiteTimeoutMinutes: 120 },
      });
      const atStore = await stationAt(slowStore.id);
      const atWorkshop = await stationAt('LOC001');
      const base = t.clock().getTime() - 24 * 60 * MINUTE;
      const at = (minutes: number) => new Date(base + minutes * MINUTE);
      const tracking = t.app.loupe.tracking;
      const place = async (where: { departmentId: string; stationId: string }) => {
        const order = await createOrder();
        seq += 1;
        const epc = `E28011600000${String(700_000 + seq).padStart(12, '0')}`;
        await tracking.assignEpc(adminActor, 'order', order.id, epc);
        await tracking.applyMove({ epc, ...where, at: at(0) });
        return order.id;
      };
      const storeOrder = await place(atStore);
      const workshopOrder = await place(atWorkshop);

      const first = (await tracking.detectOffsite(at(31))).map((detected) => detected.itemId);
      expect(first).toContain(workshopOrder);
      expect(first).not.toContain(storeOrder);
      expect((await tracking.detectOffsite(at(120))).map((d) => d.itemId)).not.toContain(storeOrder);
      expect((await tracking.detectOffsite(at(121))).map((d) => d.itemId)).toContain(storeOrder);
    });
  });

  async function createOrder(body: Record<string, unknown> = {}, client = admin): Promise<TOrder> {
    const response = await client.request('POST', '/api/v1/orders', { body: { customerId, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  async function createRepair(body: Record<string, unknown> = {}, client = admin): Promise<TRepair> {
    const response = await client.request('POST', '/api/v1/repairs', {
      body: { customerId, itemDescription: 'Gold ring', repairTypes: ['sizing'], ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  describe('intake and pickup locations', () => {
    it('takes a job in at LOC001 by default, with no transit in its promise', async () => {
      const repair = await createRepair();
      expect(repair).toMatchObject({
        intakeLocationId: 'LOC001',
        pickupLocationId: 'LOC001',
        currentLocationId: null,
      });
      expect(repair.promisedDate).toBe(defaultPromisedDate(ORDER_SETTINGS_DEFAULTS, 'repair', t.clock()));
    });

    it('adds twice the transit days, in working days, when taken in at a store', async () => {
      const farStore = await newLocation('store');
      await manager.request('PUT', `/api/v1/locations/${farStore.id}/settings`, { body: { transitDays: 3 } });
      const calendar = (await admin.request('GET', '/api/v1/workflow/calendar')).json().data;
      const transit = { transitWorkingDays: 6, workingDays: calendar };
      const repair = await createRepair({ intakeLocationId: farStore.id });
      expect(repair).toMatchObject({ intakeLocationId: farStore.id, pickupLocationId: 'LOC001' });
      expect(repair.promisedDate).toBe(
        defaultPromisedDate(ORDER_SETTINGS_DEFAULTS, 'repair', t.clock(), transit),
      );
      const order = await createOrder({ intakeLocationId: farStore.id, pickupLocationId: farStore.id });
      expect(order.promisedDate).toBe(
        defaultPromisedDate(ORDER_SETTINGS_DEFAULTS, 'order', t.clock(), transit),
      );
      expect(order.promisedDate).not.toBe(defaultPromisedDate(ORDER_SETTINGS_DEFAULTS, 'order', t.clock()));
      // A promised date named by the caller stands.
      const named = await createOrder({ intakeLocationId: farStore.id, promisedDate: '2031-01-02' });
      expect(named.promisedDate).toBe('2031-01-02');
    });

    it("defaults both to the creator's home location (LOC001 when that is an outside vendor)", async () => {
      const { client } = await t.clientAs('salesperson', { homeLocationId: store.id });
      const order = await createOrder({}, client);
      expect(order).toMatchObject({ intakeLocationId: store.id, pickupLocationId: store.id });
      const atVendor = await t.clientAs('salesperson', { homeLocationId: vendor.id });
      const fallback = await createOrder({ pickupLocationId: store.id }, atVendor.client);
      expect(fallback).toMatchObject({ intakeLocationId: 'LOC001', pickupLocationId: store.id });
    });

    it.each([
      ['an outside vendor', () => vendor.id],
      ['a location that does not exist', () => 'LOC999'],
    ])('refuses %s with 422 JOB_LOCATION_INVALID naming the field', async (_name, id) => {
      const created = await admin.request('POST', '/api/v1/orders', {
        body: { customerId, pickupLocationId: id() },
      });
      expect(created.statusCode).toBe(422);
      expect(created.json()).toMatchObject({
        code: 'JOB_LOCATION_INVALID',
        details: { issues: [{ field: 'pickupLocationId', message: expect.any(String) }] },
      });
      const repair = await createRepair();
      const changed = await admin.request('PATCH', `/api/v1/repairs/${repair.id}`, {
        body: { intakeLocationId: id() },
      });
      expect(changed.statusCode).toBe(422);
      expect(changed.json()).toMatchObject({
        code: 'JOB_LOCATION_INVALID',
        details: { issues: [{ field: 'intakeLocationId' }] },
      });
    });

    it('refuses an id that is not a location id with 400', async () => {
      const response = await admin.request('POST', '/api/v1/orders', {
        body: { customerId, intakeLocationId: 'downtown' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('changes where a job is collected, in its view and its history', async () => {
      const order = await createOrder();
      const changed = await admin.request('PATCH', `/api/v1/orders/${order.id}`, {
        body: { pickupLocationId: store.id },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({ intakeLocationId: 'LOC001', pickupLocationId: store.id });
      const history = await admin.request('GET', `/api/v1/orders/${order.id}/history`);
      expect(JSON.stringify(history.json().data.items[0])).toContain(store.id);
    });
  });

  describe('the locationId list filter', () => {
    it('lists the jobs collected at a location or standing there now', async () => {
      const filterStore = await newLocation('store');
      const collected = await createOrder({ pickupLocationId: filterStore.id });
      const standing = await createOrder();
      const elsewhere = await createOrder();
      const where = await stationAt(filterStore.id);
      seq += 1;
      const epc = `E28011600000${String(600_000 + seq).padStart(12, '0')}`;
      await t.app.loupe.tracking.assignEpc(adminActor, 'order', standing.id, epc);
      await t.app.loupe.tracking.applyMove({ epc, ...where, at: t.clock() });

      const page = await salesperson.request('GET', `/api/v1/orders?locationId=${filterStore.id}&limit=200`);
      expect(page.statusCode, page.body).toBe(200);
      const ids = page.json().data.items.map((item: TOrder) => item.id);
      expect(ids).toContain(collected.id);
      expect(ids).toContain(standing.id);
      expect(ids).not.toContain(elsewhere.id);
      expect(page.json().data.total).toBe(2);
      const standingItem = page.json().data.items.find((item: TOrder) => item.id === standing.id);
      expect(standingItem).toMatchObject({ pickupLocationId: 'LOC001', currentLocationId: filterStore.id });

      const repair = await createRepair({ pickupLocationId: filterStore.id });
      await createRepair();
      const repairs = await admin.request('GET', `/api/v1/repairs?locationId=${filterStore.id}`);
      expect(repairs.json().data.items.map((item: TRepair) => item.id)).toEqual([repair.id]);
      expect((await admin.request('GET', '/api/v1/repairs?locationId=nowhere')).statusCode).toBe(400);
    });
  });

  describe('home locations', () => {
    it('are set and answered by the users API, and checked', async () => {
      const created = await admin.request('POST', '/api/v1/users', {
        body: {
          email: `home-${database}@loupe.test`,
          firstName: 'Hana',
          lastName: 'Home',
          role: 'salesperson',
          temporaryPassword: 'a long temporary password',
          homeLocationId: store.id,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ homeLocationId: store.id });
      const id = created.json().data.id;

      const cleared = await admin.request('PATCH', `/api/v1/users/${id}`, { body: { homeLocationId: null } });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().data).toMatchObject({ homeLocationId: null });

      const unknown = await admin.request('PATCH', `/api/v1/users/${id}`, {
        body: { homeLocationId: 'LOC999' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'homeLocationId' }] },
      });

      await admin.request('PATCH', `/api/v1/users/${id}`, { body: { homeLocationId: store.id } });
      const listed = await admin.request('GET', `/api/v1/users?q=home-${database}`);
      expect(listed.json().data.items).toEqual([expect.objectContaining({ id, homeLocationId: store.id })]);
    });

    it('are part of the signed-in profile (null: every location)', async () => {
      const { client } = await t.clientAs('production', { homeLocationId: store.id });
      const profile = await client.request('GET', '/api/v1/auth/profile');
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data).toMatchObject({ homeLocationId: store.id });
      const everywhere = await salesperson.request('GET', '/api/v1/auth/profile');
      expect(everywhere.json().data).toMatchObject({ homeLocationId: null });
    });
  });
  describe('the closing count', () => {
    it("starts at a location's own closing time when it has its own calendar", async () => {
      const early = await newLocation('store');
      const sameAsWorkshop = await newLocation('store');
      for (const location of [early, sameAsWorkshop]) {
        const { stationId } = await stationAt(location.id);
        const safe = await manager.request('PUT', `/api/v1/safe-counts/locations/${location.id}/safe`, {
          body: { stationId },
        });
        expect(safe.statusCode, safe.body).toBe(200);
      }
      await manager.request('PUT', `/api/v1/locations/${early.id}/settings`, {
        body: {
          calendar: {
            timeZone: 'UTC',
            openDays: [0, 1, 2, 3, 4, 5, 6],
            opensAt: '08:00',
            closesAt: '15:00',
            closedDates: [],
          },
        },
      });
      // A Thursday: the workshop (Mon–Fri until 17:00 UTC) is still open, the early store has closed.
      t.clock.set(new Date('2026-12-03T15:30:00Z'));
      expect(await t.app.loupe.safeCounts.startClosingCounts()).toBe(1);
      // Sessions signed in before the clock jumped are over: ask the service.
      const started = (await t.app.loupe.safeCounts.list(adminActor)).map((row) => row.locationId);
      expect(started).toContain(early.id);
      expect(started).not.toContain(sameAsWorkshop.id);
      t.clock.set(new Date('2026-12-03T17:01:00Z'));
      expect(await t.app.loupe.safeCounts.startClosingCounts()).toBe(1);
    });
  });
});
