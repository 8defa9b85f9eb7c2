import { ZAlertSchema } from '@loupe/domain/alerts/alerts';
import type { TServerToClientPayload } from '@loupe/domain/realtime/events';
import {
  type TTransferDetail,
  ZLocationTodaySchema,
  ZTransferDetailSchema,
  ZTransferListPageSchema,
} from '@loupe/domain/transfers/transfers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { departments, locations, stations } from '../src/db/schema/registry.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import { TEST_DATABASES } from './support/databases.ts';
import {
  installReader,
  readByHand,
  readThroughPipeline,
  signedInTeam,
  taggedOrder,
} from './support/floor.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Issue 39: bags between the workshop, a store and a vendor, over HTTP and through reads at stations. */
describe.each(TEST_DATABASES)('transfers between locations on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let production: TTestClient;
  let qa: TTestClient;
  let fresh: () => Promise<void>;
  /** Workshop LOC001 (bench, shipping, receiving) and store LOC201 (counter, shipping, receiving). */
  const at = {
    workshop: { department: '', bench: '', shipping: '', receiving: '' },
    store: {
      department: 'DEPT201',
      counter: 'STATION201001',
      shipping: 'STATION201002',
      receiving: 'STATION201003',
    },
  };
  const STORE = 'LOC201';
  const VENDOR = 'LOC202';

  const data = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;
  const code = (response: { json(): unknown }) => (response.json() as { code?: string }).code;
  const detail = (response: { json(): unknown; statusCode: number; body: string }) =>
    ZTransferDetailSchema.parse(data(response));

  /** A read of the job at a station (update-location, the same path as a reader's). */
  async function moveTo(job: { id: string; epc: string }, departmentId: string, stationId: string) {
    t.clock.advance(MINUTE);
    await readByHand(manager, job, departmentId, stationId);
    // What the reads announce runs after commit.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** A tagged order, first read at `stationId`. */
  async function trackedOrder(departmentId: string, stationId: string) {
    const job = await taggedOrder(manager, fx);
    await moveTo(job, departmentId, stationId);
    return job;
  }

  async function get(id: string): Promise<TTransferDetail> {
    const response = await manager.request('GET', `/api/v1/transfers/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return detail(response);
  }

  async function bagsFrom(locationId: string, status = 'open') {
    const response = await manager.request(
      'GET',
      `/api/v1/transfers?locationId=${locationId}&direction=outgoing&status=${status}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return ZTransferListPageSchema.parse(data(response)).items;
  }

  async function create(body: Record<string, unknown>, client = manager) {
    return client.request('POST', '/api/v1/transfers', { body });
  }

  async function send(id: string, body: Record<string, unknown> = { carrier: 'Courier' }) {
    return manager.request('POST', `/api/v1/transfers/${id}/send`, { body });
  }

  const ref = (job: { id: string }) => ({ itemKind: 'order', itemId: job.id });

  beforeAll(async () => {
    t = await createTestApp({ database });
    t.clock.set(new Date('2026-12-02T10:00:00Z'));
    fx = createTrackingFixtures(t.database.db, t.clock);
    const team = await signedInTeam(t, {
      manager: { firstName: 'Maya', lastName: 'Manager' },
      production: {},
      qa: {},
    });
    ({ manager, production, qa } = team.clients);
    fresh = team.fresh;
    const { db } = t.database;
    const workshop = await fx.department({ name: 'Workshop floor' });
    const benchStation = await fx.station(workshop.id, { name: 'Bench' });
    const shipping = await fx.station(workshop.id, { name: 'Shipping' });
    const receiving = await fx.station(workshop.id, { name: 'Receiving' });
    await db.update(stations).set({ role: 'shipping' }).where(eq(stations.id, shipping.id));
    await db.update(stations).set({ role: 'receiving' }).where(eq(stations.id, receiving.id));
    at.workshop = {
      department: workshop.id,
      bench: benchStation.id,
      shipping: shipping.id,
      receiving: receiving.id,
    };
    await db.insert(locations).values([
      { id: STORE, name: 'Downtown store', kind: 'store', settings: { transitDays: 2 } },
      { id: VENDOR, name: 'Setter & Co', kind: 'vendor' },
    ]);
    await db.insert(departments).values({
      id: at.store.department,
      name: 'Store counter',
      gradient: 'x',
      iconName: 'Gem',
      locationId: STORE,
    });
    await db.insert(stations).values([
      { id: at.store.counter, departmentId: at.store.department, name: 'Counter' },
      { id: at.store.shipping, departmentId: at.store.department, name: 'Store shipping', role: 'shipping' },
      {
        id: at.store.receiving,
        departmentId: at.store.department,
        name: 'Store receiving',
        role: 'receiving',
      },
    ]);
    // A reader at the store: antenna 1 is its receiving station.
    await installReader(t, { id: 'store-reader', name: 'Store reader', apiKeyPrefix: 'lpr_s' }, [
      { antenna: 1, departmentId: at.store.department, stationId: at.store.receiving },
    ]);
  });
  afterAll(() => t.close());

  it('shows location kinds and station roles in the registry', async () => {
    await fresh();
    const store = await manager.request('GET', `/api/v1/locations/${STORE}`);
    expect(store.statusCode, store.body).toBe(200);
    expect(data(store)).toMatchObject({ id: STORE, kind: 'store' });
    const made = await manager.request('POST', '/api/v1/locations', {
      body: { name: 'Polisher', kind: 'vendor' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(data(made)).toMatchObject({ kind: 'vendor' });
    const station = await manager.request('GET', `/api/v1/stations/${at.store.shipping}`);
    expect(station.statusCode, station.body).toBe(200);
    expect(data(station)).toMatchObject({ role: 'shipping' });
    const changed = await manager.request('PATCH', `/api/v1/stations/${at.store.counter}`, {
      body: { role: 'receiving' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data(changed)).toMatchObject({ role: 'receiving' });
    await manager.request('PATCH', `/api/v1/stations/${at.store.counter}`, { body: { role: 'work' } });
  });

  it('packs at the store’s shipping station, sends, and receives the bag by reads at the workshop', async () => {
    await fresh();
    const announced: TServerToClientPayload<'transfer:changed'>[] = [];
    const unsubscribe = t.app.loupe.events.subscribe((announcement) => {
      if (announcement.name === 'transfer:changed')
        announced.push(announcement.payload as TServerToClientPayload<'transfer:changed'>);
    });
    const first = await trackedOrder(at.store.department, at.store.counter);
    const second = await trackedOrder(at.store.department, at.store.counter);
    await moveTo(first, at.store.department, at.store.shipping);
    // A bag to the workshop, started by the read.
    const [bag] = await bagsFrom(STORE);
    expect(bag).toMatchObject({
      toLocationId: 'LOC001',
      status: 'packing',
      number: expect.stringMatching(/^TRF-\d{5}$/),
    });
    if (!bag) throw new Error('no bag');
    // Announced once the read's batch committed.
    await vi.waitFor(() => expect(announced.some((event) => event.transfer.id === bag.id)).toBe(true));
    // The same read again, and the second order into the same bag.
    await moveTo(first, at.store.department, at.store.counter);
    await moveTo(first, at.store.department, at.store.shipping);
    await moveTo(second, at.store.department, at.store.shipping);
    expect(await bagsFrom(STORE)).toHaveLength(1);
    expect((await get(bag.id)).items.map((item) => [item.itemNumber, item.state, item.epc])).toEqual([
      [first.orderNumber, 'expected', first.epc],
      [second.orderNumber, 'expected', second.epc],
    ]);

    const sent = await send(bag.id, { carrier: 'Courier', trackingNumber: 'CX-1', bagLabel: 'Blue 4' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(detail(sent)).toMatchObject({
      status: 'in_transit',
      carrier: 'Courier',
      trackingNumber: 'CX-1',
      bagLabel: 'Blue 4',
      expectedOn: '2026-12-04',
      overdue: false,
      sentBy: { name: 'Maya Manager' },
    });

    // Any station of the destination: each read receives its piece; the last one closes the bag.
    await moveTo(first, at.workshop.department, at.workshop.bench);
    let seen = await get(bag.id);
    expect(seen.status).toBe('in_transit');
    expect(seen.counts).toEqual({ expected: 2, received: 1, missing: 0, extra: 0 });
    await moveTo(first, at.workshop.department, at.workshop.receiving);
    await moveTo(second, at.workshop.department, at.workshop.bench);
    seen = await get(bag.id);
    expect(seen).toMatchObject({ status: 'received', receivedBy: null });
    expect(seen.receivedAt).not.toBeNull();
    expect(seen.items.every((item) => item.state === 'received' && item.receivedAt !== null)).toBe(true);
    await vi.waitFor(() =>
      expect(announced.at(-1)?.transfer).toMatchObject({ id: bag.id, status: 'received' }),
    );
    unsubscribe();
  });

  it('receives by a reader’s reads through the RFID pipeline; the same read twice changes nothing', async () => {
    await fresh();
    const job = await trackedOrder(at.workshop.department, at.workshop.bench);
    const other = await trackedOrder(at.workshop.department, at.workshop.bench);
    const bag = detail(
      await create({ fromLocationId: 'LOC001', toLocationId: STORE, items: [ref(job), ref(other)] }),
    );
    expect((await send(bag.id)).statusCode).toBe(200);
    const read = () => readThroughPipeline(t, 'store-reader', 1, [job.epc]);
    await read();
    const first = await get(bag.id);
    const received = first.items.find((item) => item.itemId === job.id);
    expect(received?.state).toBe('received');
    await read();
    const again = await get(bag.id);
    expect(again.items).toEqual(first.items);
    expect(again.counts).toEqual({ expected: 2, received: 1, missing: 0, extra: 0 });
    expect(again.status).toBe('in_transit');
  });

  it('closes a bag short: the missing pieces are marked and alerted', async () => {
    await fresh();
    const kept = await trackedOrder(at.workshop.department, at.workshop.bench);
    const lost = await trackedOrder(at.workshop.department, at.workshop.bench);
    const made = await create({
      fromLocationId: 'LOC001',
      toLocationId: STORE,
      items: [ref(kept), ref(lost)],
    });
    expect(made.statusCode, made.body).toBe(201);
    const bag = detail(made);
    expect(bag.createdBy).toMatchObject({ name: 'Maya Manager' });
    expect((await send(bag.id)).statusCode).toBe(200);
    const scanned = await production.request('POST', `/api/v1/transfers/${bag.id}/receive`, {
      body: { epc: kept.epc },
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(detail(scanned).counts).toMatchObject({ received: 1 });
    const unknownTag = await production.request('POST', `/api/v1/transfers/${bag.id}/receive`, {
      body: { epc: 'E28011600000FFFFFFFFFFFF' },
    });
    expect(unknownTag.statusCode).toBe(404);
    expect(code(unknownTag)).toBe('TRANSFER_ITEM_NOT_FOUND');

    const closed = await production.request('POST', `/api/v1/transfers/${bag.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const result = detail(closed);
    expect(result.status).toBe('received_short');
    expect(result.counts).toEqual({ expected: 2, received: 1, missing: 1, extra: 0 });
    expect(result.items.find((item) => item.itemId === lost.id)?.state).toBe('missing');
    const alerts = ZAlertSchema.array()
      .parse(data(await manager.request('GET', '/api/v1/alerts?rule=transfer-short')))
      .map((alert) => alert.title);
    expect(alerts).toEqual([`${lost.orderNumber} missing from bag ${bag.number}`]);
    const again = await production.request('POST', `/api/v1/transfers/${bag.id}/close`);
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('TRANSFER_NOT_IN_TRANSIT');
  });

  it('takes a piece not on the manifest as an extra: by a scan, or read at a receiving station', async () => {
    await fresh();
    const listed = await trackedOrder(at.store.department, at.store.counter);
    const stowaway = await trackedOrder(at.store.department, at.store.counter);
    const scannedExtra = await trackedOrder(at.store.department, at.store.counter);
    const made = await create({ fromLocationId: STORE, toLocationId: 'LOC001', items: [ref(listed)] });
    expect(made.statusCode, made.body).toBe(201);
    const bag = detail(made);
    expect((await send(bag.id)).statusCode).toBe(200);

    await moveTo(stowaway, at.workshop.department, at.workshop.receiving);
    let seen = await get(bag.id);
    expect(seen.items.find((item) => item.itemId === stowaway.id)?.state).toBe('extra');
    // The same piece read again at the receiving station adds nothing.
    await moveTo(stowaway, at.workshop.department, at.workshop.bench);
    await moveTo(stowaway, at.workshop.department, at.workshop.receiving);
    const scan = await manager.request('POST', `/api/v1/transfers/${bag.id}/receive`, {
      body: ref(scannedExtra),
    });
    expect(scan.statusCode, scan.body).toBe(200);
    seen = detail(scan);
    expect(seen.counts).toEqual({ expected: 1, received: 0, missing: 0, extra: 2 });
    expect(seen.status).toBe('in_transit');
    await moveTo(listed, at.workshop.department, at.workshop.receiving);
    seen = await get(bag.id);
    expect(seen.status).toBe('received');
    expect(seen.counts).toEqual({ expected: 1, received: 1, missing: 0, extra: 2 });
  });

  it('cancels a bag being packed (managers only), and refuses what does not fit the rules', async () => {
    await fresh();
    const job = await trackedOrder(at.workshop.department, at.workshop.bench);
    const same = await create({ fromLocationId: 'LOC001', toLocationId: 'LOC001' });
    expect([same.statusCode, code(same)]).toEqual([422, 'TRANSFER_SAME_LOCATION']);
    const byQa = await create({ fromLocationId: 'LOC001', toLocationId: STORE }, qa);
    expect(byQa.statusCode).toBe(403);
    const noSuchJob = await create({
      fromLocationId: 'LOC001',
      toLocationId: STORE,
      items: [{ itemKind: 'order', itemId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect([noSuchJob.statusCode, code(noSuchJob)]).toEqual([404, 'TRANSFER_ITEM_NOT_FOUND']);

    const empty = detail(await create({ fromLocationId: 'LOC001', toLocationId: STORE }, production));
    const emptySend = await send(empty.id);
    expect([emptySend.statusCode, code(emptySend)]).toEqual([422, 'TRANSFER_EMPTY']);
    const receivePacking = await manager.request('POST', `/api/v1/transfers/${empty.id}/receive`, {
      body: ref(job),
    });
    expect([receivePacking.statusCode, code(receivePacking)]).toEqual([409, 'TRANSFER_NOT_IN_TRANSIT']);
    const added = await production.request('POST', `/api/v1/transfers/${empty.id}/items`, { body: ref(job) });
    expect(added.statusCode, added.body).toBe(200);
    expect(detail(added).items).toHaveLength(1);
    const twice = await create({ fromLocationId: 'LOC001', toLocationId: STORE, items: [ref(job)] });
    expect([twice.statusCode, code(twice)]).toEqual([409, 'TRANSFER_ITEM_IN_OPEN_BAG']);
    expect((twice.json() as { message: string }).message).toBe(
      `${job.orderNumber} is already in bag ${empty.number}.`,
    );
    const removed = await production.request('DELETE', `/api/v1/transfers/${empty.id}/items/order/${job.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(detail(removed).items).toHaveLength(0);
    const removedAgain = await production.request(
      'DELETE',
      `/api/v1/transfers/${empty.id}/items/order/${job.id}`,
    );
    expect([removedAgain.statusCode, code(removedAgain)]).toEqual([404, 'TRANSFER_ITEM_NOT_FOUND']);

    const byProduction = await production.request('POST', `/api/v1/transfers/${empty.id}/cancel`);
    expect(byProduction.statusCode).toBe(403);
    const cancelled = await manager.request('POST', `/api/v1/transfers/${empty.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(detail(cancelled).status).toBe('cancelled');
    const cancelAgain = await manager.request('POST', `/api/v1/transfers/${empty.id}/cancel`);
    expect([cancelAgain.statusCode, code(cancelAgain)]).toEqual([409, 'TRANSFER_NOT_PACKING']);
    const addToCancelled = await manager.request('POST', `/api/v1/transfers/${empty.id}/items`, {
      body: ref(job),
    });
    expect([addToCancelled.statusCode, code(addToCancelled)]).toEqual([409, 'TRANSFER_NOT_PACKING']);

    const missing = await manager.request('GET', '/api/v1/transfers/00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, code(missing)]).toEqual([404, 'TRANSFER_NOT_FOUND']);
    const badCursor = await manager.request('GET', '/api/v1/transfers?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
  });

  it('sends to a vendor with a date to come back, overdue after it, returned when read at home', async () => {
    await fresh();
    const job = await trackedOrder(at.workshop.department, at.workshop.bench);
    const bag = detail(await create({ fromLocationId: 'LOC001', toLocationId: VENDOR, items: [ref(job)] }));
    const noDate = await send(bag.id);
    expect([noDate.statusCode, code(noDate)]).toEqual([422, 'TRANSFER_VENDOR_DATE_REQUIRED']);
    const sent = await send(bag.id, { carrier: 'Hand carried', expectedBackOn: '2026-12-05' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(detail(sent)).toMatchObject({
      toLocationKind: 'vendor',
      expectedOn: '2026-12-05',
      overdue: false,
    });

    t.clock.advance(5 * DAY);
    await fresh();
    expect((await get(bag.id)).overdue).toBe(true);
    // Travelling, not lost: the offsite sweep leaves it alone.
    await t.app.loupe.tracking.detectOffsite(t.clock());
    expect((await fx.trackedRow('order', job.id))?.status).toBe('active');
    expect(await t.app.loupe.transfers.sweepOverdue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.loupe.transfers.sweepOverdue()).toBe(0);
    const alerts = ZAlertSchema.array().parse(
      data(await manager.request('GET', '/api/v1/alerts?rule=transfer-overdue')),
    );
    expect(alerts.map((alert) => alert.subject?.id ?? alert.title)).toContain(job.id);

    await moveTo(job, at.workshop.department, at.workshop.receiving);
    const back = await get(bag.id);
    expect(back).toMatchObject({ status: 'received', overdue: false });
  });

  it('lets the offsite sweep mark a job unseen that travels in no bag', async () => {
    await fresh();
    const travelling = await trackedOrder(at.workshop.department, at.workshop.bench);
    const lost = await trackedOrder(at.workshop.department, at.workshop.bench);
    const bag = detail(
      await create({ fromLocationId: 'LOC001', toLocationId: STORE, items: [ref(travelling)] }),
    );
    expect((await send(bag.id)).statusCode).toBe(200);
    t.clock.advance(3 * 60 * MINUTE);
    await fresh();
    const detected = await t.app.loupe.tracking.detectOffsite(t.clock());
    expect(detected.map((item) => item.itemId)).toContain(lost.id);
    expect(detected.map((item) => item.itemId)).not.toContain(travelling.id);
    const rows = await t.database.db
      .select()
      .from(trackedItems)
      .where(eq(trackedItems.itemId, travelling.id));
    expect(rows[0]?.status).toBe('active');
    // Overdue once its expected day has passed.
    t.clock.advance(3 * DAY);
    await fresh();
    expect((await get(bag.id)).overdue).toBe(true);
  });

  it('shows a location’s day: bags in and out, and jobs ready for pickup (and where they are)', async () => {
    await fresh();
    const atStore = await trackedOrder(at.store.department, at.store.counter);
    const atWorkshop = await trackedOrder(at.workshop.department, at.workshop.bench);
    await t.database.db
      .update(orders)
      .set({ status: 'ready', pickupLocationId: STORE })
      .where(eq(orders.id, atStore.id));
    await t.database.db
      .update(orders)
      .set({ status: 'ready', pickupLocationId: STORE })
      .where(eq(orders.id, atWorkshop.id));
    // The workshop's shipping station packs the ready job for its pickup location.
    await moveTo(atWorkshop, at.workshop.department, at.workshop.shipping);
    const [outgoing] = await bagsFrom('LOC001');
    expect(outgoing).toMatchObject({ toLocationId: STORE, status: 'packing' });

    const response = await production.request('GET', `/api/v1/locations/${STORE}/today`);
    expect(response.statusCode, response.body).toBe(200);
    const today = ZLocationTodaySchema.parse(data(response));
    expect(today.locationId).toBe(STORE);
    expect(today.incoming.map((bag) => bag.id)).toContain(outgoing?.id);
    expect(today.incoming.every((bag) => bag.toLocationId === STORE)).toBe(true);
    expect(today.outgoing.every((bag) => bag.fromLocationId === STORE)).toBe(true);
    const ready = new Map(today.readyForPickup.map((job) => [job.itemId, job]));
    expect(ready.get(atStore.id)).toMatchObject({ currentLocationId: STORE, atWrongLocation: false });
    expect(ready.get(atWorkshop.id)).toMatchObject({
      currentLocationId: 'LOC001',
      currentLocationName: expect.any(String),
      atWrongLocation: true,
    });
    const none = await manager.request('GET', '/api/v1/locations/LOC999/today');
    expect(none.statusCode).toBe(404);
  });
});
