import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/composition/repositories.ts';
import type { TDatabase } from '../src/db/client.ts';
import {
  createTrackingService,
  type TTrackingActor,
  type TTrackingService,
} from '../src/modules/tracking/service.ts';
import { createEventBus, type TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const MINUTE = 60_000;

/**
 * The location rules of spec §4 as the tracking service applies them, for update-location and the RFID
 * pipeline alike: durations, history order, lastSeen refreshes, read-key idempotency, batches, stale
 * reads, returns from offsite, and announcements only after commit.
 */
describe.each(TEST_DATABASES)('tracking moves on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let tracking: TTrackingService;
  let admin: TTrackingActor;
  let announced: TAnnouncement[];
  let base: number;
  /** Minutes after a base time safely in the past, so no read is clamped to now. */
  const at = (minutes: number) => new Date(base + minutes * MINUTE);

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    tracking = t.app.loupe.tracking;
    const user = await t.createUser({ role: 'admin' });
    admin = { id: user.id, role: 'admin' };
    t.app.loupe.events.subscribe((announcement) => announced.push(announcement));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    announced = [];
    base = t.clock().getTime() - 24 * 60 * MINUTE;
  });

  /** Two departments with two and one stations, and a tagged order. */
  async function floor() {
    const casting = await fx.department({
      name: `Casting ${crypto.randomUUID().slice(0, 8)}`,
      gradient: 'g-cast',
    });
    const setting = await fx.department({
      name: `Setting ${crypto.randomUUID().slice(0, 8)}`,
      gradient: 'g-set',
    });
    const bench1 = await fx.station(casting.id, { name: 'Bench 1' });
    const bench2 = await fx.station(casting.id, { name: 'Bench 2' });
    const setter = await fx.station(setting.id, { name: 'Setter' });
    const order = await fx.order();
    const epc = fx.epc();
    await tracking.assignEpc(admin, 'order', order.id, epc);
    announced = [];
    return { casting, setting, bench1, bench2, setter, order, epc };
  }

  it('records the whole minutes spent at the previous location on each arrival, newest first', async () => {
    const { casting, setting, bench1, bench2, setter, order, epc } = await floor();
    const move = (station: { id: string; departmentId: string }, minutes: number) =>
      tracking.applyMove({ epc, departmentId: station.departmentId, stationId: station.id, at: at(minutes) });

    expect(await move(bench1, 0)).toMatchObject({ result: 'moved', from: null });
    expect(await move(bench2, 45.5)).toMatchObject({
      result: 'moved',
      from: { departmentId: casting.id, stationId: bench1.id },
      to: { departmentId: casting.id, stationId: bench2.id },
    });
    expect(await move(setter, 120)).toMatchObject({ result: 'moved' });

    const tracked = await tracking.getOrder(order.id);
    expect(tracked).toMatchObject({
      status: 'tracking',
      currentDepartment: { name: setting.name },
      currentDepartmentId: setting.id,
      currentStation: { name: 'Setter' },
      currentStationId: setter.id,
      lastSeenAt: at(120).toISOString(),
    });
    expect(
      tracked.locationHistory.map((entry) => [
        entry.location,
        entry.duration,
        entry.timestamp,
        entry.rfidTag,
      ]),
    ).toEqual([
      [`${setting.name} - Setter`, 74, at(120).toISOString(), epc],
      [`${casting.name} - Bench 2`, 45, at(45.5).toISOString(), epc],
      [`${casting.name} - Bench 1`, 0, at(0).toISOString(), epc],
    ]);
    expect(tracked.locationHistory[0]?.currentDepartment).toEqual({
      id: setting.id,
      name: setting.name,
      gradient: 'g-set',
    });
  });

  it('only refreshes lastSeen, of the item and of the station, at the same department and station', async () => {
    const { bench1, order, epc } = await floor();
    const read = { epc, departmentId: bench1.departmentId, stationId: bench1.id };
    await tracking.applyMove({ ...read, at: at(0) });
    announced = [];

    expect(await tracking.applyMove({ ...read, at: at(10) })).toMatchObject({
      result: 'seen',
      returnedFromOffsite: false,
    });
    const row = await fx.trackedRow('order', order.id);
    expect(row?.arrivedAt).toEqual(at(0));
    expect(row?.lastSeenAt).toEqual(at(10));
    expect((await fx.stationRow(bench1.id))?.lastSeen).toEqual(at(10));
    expect(await fx.historyRows('order', order.id)).toHaveLength(1);
    expect(announced).toEqual([]);
  });

  it('keeps the station’s lastSeen moving forward only', async () => {
    const { bench1, epc } = await floor();
    const read = { epc, departmentId: bench1.departmentId, stationId: bench1.id };
    await tracking.applyMove({ ...read, at: at(30) });
    const other = await fx.order();
    const otherEpc = fx.epc();
    await tracking.assignEpc(admin, 'order', other.id, otherEpc);
    await tracking.applyMove({ ...read, epc: otherEpc, at: at(5) });
    expect((await fx.stationRow(bench1.id))?.lastSeen).toEqual(at(30));
  });

  it('ignores a read older than the current arrival: history is not rewritten', async () => {
    const { bench1, bench2, order, epc } = await floor();
    await tracking.applyMove({ epc, departmentId: bench1.departmentId, stationId: bench1.id, at: at(10) });
    announced = [];

    const late = await tracking.applyMove({
      epc,
      departmentId: bench2.departmentId,
      stationId: bench2.id,
      at: at(5),
    });
    expect(late).toMatchObject({ result: 'stale' });
    const row = await fx.trackedRow('order', order.id);
    expect(row).toMatchObject({ currentStationId: bench1.id, arrivedAt: at(10), lastSeenAt: at(10) });
    expect(await fx.historyRows('order', order.id)).toHaveLength(1);
    expect(announced).toEqual([]);
  });

  it('applies a redelivered read (same read key) only once', async () => {
    const { bench1, bench2, order, epc } = await floor();
    const first = {
      epc,
      departmentId: bench1.departmentId,
      stationId: bench1.id,
      at: at(0),
      readKey: `reader-1:${epc}:1`,
    };
    expect(await tracking.applyMove(first)).toMatchObject({ result: 'moved' });
    await tracking.applyMove({ ...first, stationId: bench2.id, at: at(20), readKey: `reader-1:${epc}:2` });
    announced = [];

    expect(await tracking.applyMove(first)).toEqual({ result: 'duplicate' });
    expect(await fx.historyRows('order', order.id)).toHaveLength(2);
    expect(await fx.trackedRow('order', order.id)).toMatchObject({ currentStationId: bench2.id });
    expect(announced).toEqual([]);
  });

  it('applies a batch of reads in one transaction, in order, with an outcome for each', async () => {
    const { bench1, bench2, setter, order, epc } = await floor();
    const repair = await fx.repair();
    const repairEpc = fx.epc();
    await tracking.assignEpc(admin, 'repair', repair.id, repairEpc);
    const db = t.database.db;
    let transactions = 0;
    const counting = Object.create(db, {
      transaction: {
        value: (...args: Parameters<TDatabase['transaction']>) => {
          transactions += 1;
          return db.transaction(...args);
        },
      },
    }) as TDatabase;
    const batchTracking = createTrackingService({
      tracking: createRepositories(counting).tracking,
      clock: t.clock,
      events: t.app.loupe.events,
      offsiteSettings: async () => ({ offsiteTimeout: 30, expectedOffsiteGracePeriod: 60 }),
    });
    announced = [];

    const outcomes = await batchTracking.applyMoves([
      { epc, departmentId: bench1.departmentId, stationId: bench1.id, at: at(0), readKey: 'b-1' },
      { epc: repairEpc, departmentId: setter.departmentId, stationId: setter.id, at: at(1), readKey: 'b-2' },
      { epc, departmentId: bench1.departmentId, stationId: bench1.id, at: at(2), readKey: 'b-3' },
      { epc, departmentId: bench2.departmentId, stationId: bench2.id, at: at(12), readKey: 'b-4' },
      { epc, departmentId: bench2.departmentId, stationId: bench2.id, at: at(12), readKey: 'b-4' },
      { epc: fx.epc(), departmentId: bench1.departmentId, stationId: bench1.id, at: at(13), readKey: 'b-5' },
    ]);

    expect(transactions).toBe(1);
    expect(outcomes.map((outcome) => outcome.result)).toEqual([
      'moved',
      'moved',
      'seen',
      'moved',
      'duplicate',
      'unknown-item',
    ]);
    expect((await fx.historyRows('order', order.id)).map((row) => row.durationMinutes).sort()).toEqual([
      0, 12,
    ]);
    expect(await fx.historyRows('repair', repair.id)).toHaveLength(1);
    expect((await fx.stationRow(bench2.id))?.lastSeen).toEqual(at(12));
    expect(announced.filter((a) => a.name === 'tracking:location-update')).toHaveLength(3);
  });

  it('publishes nothing and keeps nothing when the transaction fails', async () => {
    const { bench1, order, epc } = await floor();
    const db = t.database.db;
    const failing = Object.create(db, {
      transaction: {
        value: (work: Parameters<TDatabase['transaction']>[0]) =>
          db.transaction(async (tx) => {
            await work(tx);
            throw new Error('commit refused');
          }),
      },
    }) as TDatabase;
    const failingTracking = createTrackingService({
      tracking: createRepositories(failing).tracking,
      clock: t.clock,
      events: t.app.loupe.events,
      offsiteSettings: async () => ({ offsiteTimeout: 30, expectedOffsiteGracePeriod: 60 }),
    });

    await expect(
      failingTracking.applyMoves([
        { epc, departmentId: bench1.departmentId, stationId: bench1.id, at: at(0) },
      ]),
    ).rejects.toThrow('commit refused');
    await expect(failingTracking.stopTracking(admin, 'order', order.id)).rejects.toThrow('commit refused');

    expect(announced).toEqual([]);
    expect(await fx.historyRows('order', order.id)).toEqual([]);
    expect(await fx.trackedRow('order', order.id)).toMatchObject({
      epc,
      currentStationId: null,
      lastSeenAt: null,
    });
    expect((await fx.stationRow(bench1.id))?.lastSeen).toBeNull();
  });

  it('announces a move after commit to the order’s room and both departments’ rooms', async () => {
    const { casting, setting, bench1, setter, order, epc } = await floor();
    await tracking.applyMove({ epc, departmentId: casting.id, stationId: bench1.id, at: at(0) });
    announced = [];
    await tracking.applyMove({ epc, departmentId: setting.id, stationId: setter.id, at: at(7) });

    const rooms = [`order:${order.id}`, `department:${setting.id}`, `department:${casting.id}`];
    expect(announced).toEqual([
      {
        name: 'tracking:location-update',
        payload: {
          itemType: 'order',
          itemId: order.id,
          number: order.orderNumber,
          epc,
          departmentId: setting.id,
          departmentName: setting.name,
          stationId: setter.id,
          stationName: 'Setter',
          timestamp: at(7).toISOString(),
        },
        rooms,
      },
      {
        name: 'order:moved',
        payload: {
          orderId: order.id,
          orderNumber: order.orderNumber,
          epc,
          fromDepartmentId: casting.id,
          fromStationId: bench1.id,
          departmentId: setting.id,
          departmentName: setting.name,
          stationId: setter.id,
          stationName: 'Setter',
          timestamp: at(7).toISOString(),
        },
        rooms,
      },
      // Both stations' TVs fetch their screens again (issue 14), and hear nothing else.
      {
        name: 'tv:screen-changed',
        payload: { stationId: setter.id, timestamp: at(7).toISOString() },
        rooms: [`tv-station:${setter.id}`],
      },
      {
        name: 'tv:screen-changed',
        payload: { stationId: bench1.id, timestamp: at(7).toISOString() },
        rooms: [`tv-station:${bench1.id}`],
      },
    ]);
  });

  it('finds a repair by its EPC alone, as the RFID pipeline reads, and announces repair:moved and repair:updated', async () => {
    const { setter } = await floor();
    const repair = await fx.repair({ status: 'in_progress' });
    const epc = fx.epc();
    await tracking.assignEpc(admin, 'repair', repair.id, epc);
    announced = [];

    const outcome = await tracking.applyMove({
      epc,
      departmentId: setter.departmentId,
      stationId: setter.id,
      readerId: 'READER-1',
      antenna: 3,
      at: at(0),
    });
    expect(outcome).toMatchObject({ result: 'moved', item: { kind: 'repair', id: repair.id } });
    expect(announced.map((a) => [a.name, a.rooms[0]])).toEqual([
      ['tracking:location-update', `repair:${repair.id}`],
      // Spec §4's "repair moved", to the repair's room and the department's.
      ['repair:moved', `repair:${repair.id}`],
      ['repair:updated', `repair:${repair.id}`],
      ['tv:screen-changed', `tv-station:${setter.id}`],
    ]);
    expect(announced[1]).toMatchObject({
      payload: {
        repairId: repair.id,
        repairNumber: repair.repairNumber,
        epc,
        fromDepartmentId: null,
        departmentId: setter.departmentId,
        stationId: setter.id,
      },
      rooms: [`repair:${repair.id}`, `department:${setter.departmentId}`],
    });
    expect(announced[2]?.payload).toMatchObject({ repairNumber: repair.repairNumber, status: 'in_progress' });
    const tracked = await tracking.getRepair(admin, repair.id);
    expect(tracked.currentLocation).toMatchObject({ stationId: setter.id, antennaNumber: 3, epc });

    expect(
      await tracking.applyMove({
        kind: 'order',
        epc,
        departmentId: setter.departmentId,
        stationId: setter.id,
        at: at(1),
      }),
    ).toEqual({
      result: 'unknown-item',
    });
  });

  it('returns an offsite item that is read again, stamping the time and announcing it', async () => {
    const { bench1, bench2, order, epc } = await floor();
    await tracking.applyMove({ epc, departmentId: bench1.departmentId, stationId: bench1.id, at: at(0) });
    // Items of earlier tests share the database: only this order's detection matters here.
    expect(await tracking.detectOffsite(at(31))).toContainEqual({
      kind: 'order',
      itemId: order.id,
      number: order.orderNumber,
    });
    announced = [];

    const outcome = await tracking.applyMove({
      epc,
      departmentId: bench2.departmentId,
      stationId: bench2.id,
      at: at(40),
    });
    expect(outcome).toMatchObject({ result: 'moved', returnedFromOffsite: true });
    expect(await fx.trackedRow('order', order.id)).toMatchObject({
      status: 'returned',
      offsiteDetectedAt: at(31),
      offsiteReturnedAt: at(40),
      currentStationId: bench2.id,
    });
    expect(announced.map((a) => a.name)).toEqual([
      'tracking:returned-from-offsite',
      'tracking:location-update',
      'order:moved',
      'tv:screen-changed',
      'tv:screen-changed',
    ]);
    expect(announced[0]).toEqual({
      name: 'tracking:returned-from-offsite',
      payload: {
        itemType: 'order',
        itemId: order.id,
        number: order.orderNumber,
        epc,
        returnedAt: at(40).toISOString(),
      },
      rooms: [`order:${order.id}`],
    });
    expect((await fx.changes('order', order.id)).map((change) => change.action)).toContain(
      'returned-from-offsite',
    );
  });

  it('returns an offsite item read again at the station it was last seen at', async () => {
    const { bench1, order, epc } = await floor();
    const read = { epc, departmentId: bench1.departmentId, stationId: bench1.id };
    await tracking.applyMove({ ...read, at: at(0) });
    await tracking.detectOffsite(at(31));
    // A late delivery of a read from before it went missing proves nothing.
    expect(await tracking.applyMove({ ...read, at: at(0) })).toMatchObject({ result: 'stale' });

    expect(await tracking.applyMove({ ...read, at: at(35) })).toMatchObject({
      result: 'seen',
      returnedFromOffsite: true,
    });
    expect(await fx.trackedRow('order', order.id)).toMatchObject({ status: 'returned', lastSeenAt: at(35) });
  });

  it('counts a read from the future as now', async () => {
    const { bench1, order, epc } = await floor();
    const now = t.clock();
    await tracking.applyMove({
      epc,
      departmentId: bench1.departmentId,
      stationId: bench1.id,
      at: new Date(now.getTime() + 60 * MINUTE),
    });
    expect((await fx.trackedRow('order', order.id))?.arrivedAt).toEqual(now);
  });

  it.each([
    ['a department that does not exist', 'department-not-found'],
    ['a station that does not exist', 'station-not-found'],
    ['a station of another department', 'station-not-in-department'],
  ] as const)('refuses a move to %s and changes nothing', async (_label, reason) => {
    const { casting, setting, bench1, order, epc } = await floor();
    const target = {
      'department-not-found': { departmentId: 'DEPT999', stationId: bench1.id },
      'station-not-found': { departmentId: casting.id, stationId: 'STATION000000' },
      'station-not-in-department': { departmentId: setting.id, stationId: bench1.id },
    }[reason];
    expect(await tracking.applyMove({ epc, ...target, at: at(0) })).toEqual({
      result: 'invalid-location',
      reason,
    });
    expect(await fx.trackedRow('order', order.id)).toMatchObject({
      currentStationId: null,
      lastSeenAt: null,
    });
    expect(announced).toEqual([]);
  });

  it('does not move an item whose tracked EPC differs from the one read', async () => {
    const { bench1, order, epc } = await floor();
    const outcome = await tracking.applyMove({
      kind: 'order',
      itemId: order.id,
      epc: fx.epc(),
      departmentId: bench1.departmentId,
      stationId: bench1.id,
      at: at(0),
    });
    expect(outcome).toMatchObject({ result: 'epc-mismatch', trackedEpc: epc });
    expect(await fx.historyRows('order', order.id)).toEqual([]);
  });

  it('does nothing for an EPC no tracked item carries, nor for an empty batch', async () => {
    const { bench1 } = await floor();
    expect(
      await tracking.applyMove({
        epc: fx.epc(),
        departmentId: bench1.departmentId,
        stationId: bench1.id,
        at: at(0),
      }),
    ).toEqual({ result: 'unknown-item' });
    expect(await tracking.applyMoves([])).toEqual([]);
    expect(announced).toEqual([]);
  });

  it('keeps working when a listener throws, and logs it', async () => {
    const { bench1, order, epc } = await floor();
    const events = createEventBus();
    events.subscribe(() => {
      throw new Error('listener broke');
    });
    const logged: unknown[] = [];
    const resilient = createTrackingService({
      tracking: createRepositories(t.database.db).tracking,
      clock: t.clock,
      events,
      offsiteSettings: async () => ({ offsiteTimeout: 30, expectedOffsiteGracePeriod: 60 }),
      logger: { error: (object: unknown) => logged.push(object) },
    });
    const outcome = await resilient.applyMove({
      epc,
      departmentId: bench1.departmentId,
      stationId: bench1.id,
      at: at(0),
    });
    expect(outcome.result).toBe('moved');
    // location-update, order:moved and the station TV's tv:screen-changed: each published on its own.
    expect(logged).toHaveLength(3);
    expect(await fx.trackedRow('order', order.id)).toMatchObject({ currentStationId: bench1.id });
  });
});
