import { stationScannerId } from '@loupe/domain/tracking/scan-resolution';
import { ZStationScanResultSchema } from '@loupe/domain/tracking/tracking-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rfidReads } from '../src/db/schema/rfid.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

/** The keyboard-wedge scan mode of a station page (issue 6 §1): /api/v1/tracking/stations/{id}/…. */
describe.each(TEST_DATABASES)('station scans on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let qa: TTestClient;
  let announced: TAnnouncement[];

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    manager = (await t.clientAs('manager')).client;
    qa = (await t.clientAs('qa')).client;
    t.app.loupe.events.subscribe((announcement) => announced.push(announcement));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    announced = [];
  });

  async function polishingBench() {
    const department = await fx.department({ name: `Polishing ${crypto.randomUUID().slice(0, 8)}` });
    return fx.station(department.id, { name: 'Polishing wheel' });
  }

  async function trackedOrder() {
    const order = await fx.order({ customerName: 'Ada Lovelace' });
    const epc = fx.epc();
    const response = await manager.request('POST', '/api/v1/tracking/assign-epc', {
      body: { orderId: order.id, epcCode: epc },
    });
    expect(response.statusCode).toBe(200);
    return { order, epc };
  }

  const scan = (client: TTestClient, stationId: string, epc: string, scannedAt?: Date) =>
    client.request('POST', `/api/v1/tracking/stations/${stationId}/scans`, {
      body: { epc, ...(scannedAt ? { scannedAt: scannedAt.toISOString() } : {}) },
    });

  it('moves the item carrying the scanned tag to the station and announces it', async () => {
    const station = await polishingBench();
    const { order, epc } = await trackedOrder();
    // A wedge scanner types what is printed: lower case with separators still reads as the EPC.
    const typed = epc
      .toLowerCase()
      .replace(/(.{4})/g, '$1 ')
      .trim();

    const response = await scan(qa, station.id, typed);

    expect(response.statusCode).toBe(200);
    const result = ZStationScanResultSchema.parse((response.json() as { data: unknown }).data);
    expect(result).toEqual({
      outcome: 'moved',
      epc,
      item: { kind: 'order', id: order.id, number: order.orderNumber },
      returnedFromOffsite: false,
      message: `${order.orderNumber} moved to Polishing wheel.`,
    });
    const tracked = await fx.trackedRow('order', order.id);
    expect(tracked).toMatchObject({
      currentStationId: station.id,
      currentDepartmentId: station.departmentId,
    });
    expect(await fx.historyRows('order', order.id)).toHaveLength(1);
    expect(announced.map((announcement) => announcement.name)).toContain('tracking:location-update');
    // Through the read pipeline, as a reader's read (docs/architecture.md): recorded, and announced as a tag read.
    const recorded = await t.database.db
      .select()
      .from(rfidReads)
      .where(eq(rfidReads.readerId, stationScannerId(station.id)));
    expect(recorded).toEqual([expect.objectContaining({ epc, repeats: 0 })]);
    expect(announced).toContainEqual(
      expect.objectContaining({
        name: 'rfid:tag-read',
        payload: expect.objectContaining({ epc, stationId: station.id }),
      }),
    );
  });

  it('says so when the item is already at the station, and changes no history', async () => {
    const station = await polishingBench();
    const { order, epc } = await trackedOrder();
    await scan(qa, station.id, epc);

    const again = await scan(qa, station.id, epc);

    expect((again.json() as { data: unknown }).data).toMatchObject({
      outcome: 'seen',
      message: `${order.orderNumber} is already at Polishing wheel.`,
    });
    expect(await fx.historyRows('order', order.id)).toHaveLength(1);
  });

  it('keeps a scan sent again later at its own time: a newer read elsewhere still wins', async () => {
    const polishing = await polishingBench();
    const setting = await polishingBench();
    const { order, epc } = await trackedOrder();
    const scannedAt = new Date(t.clock().getTime() - 10 * 60_000);
    await scan(qa, setting.id, epc, new Date(t.clock().getTime() - 5 * 60_000));

    // The polishing scan failed to send ten minutes ago and is retried now.
    const retried = await scan(qa, polishing.id, epc, scannedAt);

    expect((retried.json() as { data: unknown }).data).toMatchObject({
      outcome: 'stale',
      message: `${order.orderNumber} was scanned elsewhere more recently: not moved.`,
    });
    expect(await fx.trackedRow('order', order.id)).toMatchObject({ currentStationId: setting.id });
  });

  it('brings an offsite item back when it is scanned at a station', async () => {
    const station = await polishingBench();
    const { order, epc } = await trackedOrder();
    await scan(qa, station.id, epc, new Date(t.clock().getTime() - 24 * 60 * 60_000));
    expect(await t.app.loupe.tracking.detectOffsite(t.clock())).toContainEqual(
      expect.objectContaining({ itemId: order.id }),
    );

    const back = await scan(qa, station.id, epc);

    expect((back.json() as { data: unknown }).data).toMatchObject({
      returnedFromOffsite: true,
      message: `${order.orderNumber} is already at Polishing wheel. Back from offsite.`,
    });
    const items = await qa.request('GET', `/api/v1/tracking/stations/${station.id}/items`);
    expect((items.json() as { data: { id: string; status: string }[] }).data).toEqual([
      expect.objectContaining({ id: order.id, status: 'returned' }),
    ]);
  });

  it('answers a tag no tracked item carries without moving anything', async () => {
    const station = await polishingBench();
    const epc = fx.epc();

    const response = await scan(qa, station.id, epc);

    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: unknown }).data).toEqual({
      outcome: 'unknown-tag',
      epc,
      item: null,
      returnedFromOffsite: false,
      message: `No tracked order or repair carries tag ${epc}.`,
    });
    // Read like any reader's read (docs/architecture.md): announced as a tag read at the station, nothing moved.
    expect(announced).toEqual([
      expect.objectContaining({
        name: 'rfid:tag-read',
        payload: expect.objectContaining({ epc, stationId: station.id, departmentId: station.departmentId }),
      }),
    ]);
  });

  it('moves a repair for a role that cannot see repairs without telling its number', async () => {
    const station = await polishingBench();
    const repair = await fx.repair({ customerName: 'Alan Turing' });
    const epc = fx.epc();
    const assigned = await manager.request('POST', '/api/v1/tracking/repairs/assign-epc', {
      body: { repairId: repair.id, epcCode: epc },
    });
    expect(assigned.statusCode).toBe(200);

    const response = await scan(qa, station.id, epc);

    expect((response.json() as { data: unknown }).data).toMatchObject({
      outcome: 'moved',
      item: null,
      message: 'A repair moved to Polishing wheel.',
    });
    expect(await fx.trackedRow('repair', repair.id)).toMatchObject({ currentStationId: station.id });
  });

  it('lists what stands at the station, longest there first, with repairs only for their viewers', async () => {
    const station = await polishingBench();
    const first = await trackedOrder();
    const second = await trackedOrder();
    const repair = await fx.repair({ customerName: 'Grace Hopper' });
    const repairEpc = fx.epc();
    await manager.request('POST', '/api/v1/tracking/repairs/assign-epc', {
      body: { repairId: repair.id, epcCode: repairEpc },
    });
    for (const epc of [first.epc, second.epc, repairEpc]) {
      expect((await scan(qa, station.id, epc)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }

    const forManager = await manager.request('GET', `/api/v1/tracking/stations/${station.id}/items`);
    expect(forManager.statusCode).toBe(200);
    expect((forManager.json() as { data: unknown[] }).data).toEqual([
      expect.objectContaining({
        kind: 'order',
        id: first.order.id,
        customerName: 'Ada Lovelace',
        status: 'active',
      }),
      expect.objectContaining({ kind: 'order', id: second.order.id, epc: second.epc }),
      expect.objectContaining({ kind: 'repair', id: repair.id, number: repair.repairNumber }),
    ]);
    const forQa = await qa.request('GET', `/api/v1/tracking/stations/${station.id}/items`);
    expect((forQa.json() as { data: { kind: string }[] }).data.map((item) => item.kind)).toEqual([
      'order',
      'order',
    ]);
    const elsewhere = await polishingBench();
    const empty = await qa.request('GET', `/api/v1/tracking/stations/${elsewhere.id}/items`);
    expect((empty.json() as { data: unknown[] }).data).toEqual([]);
    expect((await qa.request('GET', '/api/v1/tracking/stations/STATION-GONE/items')).statusCode).toBe(404);
  });

  it('refuses an unknown station, a malformed EPC and a caller who is not signed in', async () => {
    const station = await polishingBench();
    const { epc } = await trackedOrder();

    const unknown = await scan(qa, 'STATION-GONE', epc);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Station STATION-GONE does not exist.',
    });

    const malformed = await scan(qa, station.id, 'not a tag');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const anonymous = await scan(t.client(), station.id, epc);
    expect(anonymous.statusCode).toBe(401);
  });
});
