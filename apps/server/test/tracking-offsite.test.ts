import { OFFSITE_DEFAULTS } from '@loupe/domain/settings/general-settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OFFSITE_SETTINGS_RECHECK_MS,
  startOffsiteSweeper,
  type TSweepTimer,
} from '../src/modules/tracking/offsite-sweeper.ts';
import type { TTrackingActor, TTrackingService } from '../src/modules/tracking/service.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const MINUTE = 60_000;

/** Spec §4 "active to offsite" on the server: the sweep, its thresholds from settings › general, its events. */
describe.each(TEST_DATABASES)('offsite sweep on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let tracking: TTrackingService;
  let admin: TTrackingActor;
  let announced: TAnnouncement[];
  let base: number;
  const at = (minutes: number, ms = 0) => new Date(base + minutes * MINUTE + ms);

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
    tracking = t.app.loupe.tracking;
    admin = { id: (await t.createUser({ role: 'admin' })).id, role: 'admin' };
    t.app.loupe.events.subscribe((announcement) => announced.push(announcement));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    announced = [];
    base = t.clock().getTime() - 24 * 60 * MINUTE;
    await t.app.loupe.settings.write('general', {}, null);
  });

  /** An order (or repair) last seen at `seenAt` minutes, at a station of a department of its own. */
  async function seenItem(kind: 'order' | 'repair', seenAt: number | null) {
    const department = await fx.department();
    const station = await fx.station(department.id);
    const item = kind === 'order' ? await fx.order() : await fx.repair();
    const epc = fx.epc();
    await tracking.assignEpc(admin, kind, item.id, epc);
    if (seenAt !== null) {
      await tracking.applyMove({ epc, departmentId: department.id, stationId: station.id, at: at(seenAt) });
    }
    announced = [];
    return { item, epc, department, station };
  }

  const detectedIds = async (now: Date) =>
    (await tracking.detectOffsite(now)).map((detected) => detected.itemId);

  it('marks an active order offsite once it has gone unseen for longer than offsiteTimeout', async () => {
    const { item, epc, department } = await seenItem('order', 0);
    expect(await detectedIds(at(30))).not.toContain(item.id);
    expect(await fx.trackedRow('order', item.id)).toMatchObject({ status: 'active' });

    expect(await detectedIds(at(30, 1))).toContain(item.id);
    expect(await fx.trackedRow('order', item.id)).toMatchObject({
      status: 'offsite',
      offsiteDetectedAt: at(30, 1),
    });
    const mine = announced.filter((a) => a.rooms.includes(`order:${item.id}`));
    expect(mine).toEqual([
      {
        name: 'tracking:offsite-detected',
        payload: {
          itemType: 'order',
          itemId: item.id,
          number: 'orderNumber' in item ? item.orderNumber : '',
          epc,
          lastSeen: at(0).toISOString(),
          detectedAt: at(30, 1).toISOString(),
          isExpectedOffsite: false,
        },
        rooms: [`order:${item.id}`, `department:${department.id}`],
      },
    ]);
  });

  it('waits for expectedOffsiteGracePeriod when the order is expected offsite', async () => {
    const { item } = await seenItem('order', 0);
    await tracking.setExpectedOffsite(admin, 'order', item.id, true);
    announced = [];
    expect(await detectedIds(at(45))).not.toContain(item.id);
    expect(await detectedIds(at(60))).not.toContain(item.id);
    expect(await detectedIds(at(60, 1))).toContain(item.id);
    const detected = announced.find(
      (a) => a.name === 'tracking:offsite-detected' && a.rooms.includes(`order:${item.id}`),
    );
    expect(detected?.payload).toMatchObject({ isExpectedOffsite: true });
  });

  it('takes its thresholds from settings › general', async () => {
    await t.app.loupe.settings.write('general', { offsiteTimeout: 10, expectedOffsiteGracePeriod: 15 }, null);
    const plain = await seenItem('order', 0);
    const expected = await seenItem('order', 0);
    await tracking.setExpectedOffsite(admin, 'order', expected.item.id, true);
    const found = await detectedIds(at(11));
    expect(found).toContain(plain.item.id);
    expect(found).not.toContain(expected.item.id);
    expect(await detectedIds(at(16))).toContain(expected.item.id);
  });

  it('never marks an item that was never seen, nor re-marks one already offsite, nor a returned one', async () => {
    const unseen = await seenItem('order', null);
    const offsite = await seenItem('order', 0);
    await tracking.detectOffsite(at(31));
    expect(await detectedIds(at(600))).not.toContain(offsite.item.id);
    expect(await fx.trackedRow('order', offsite.item.id)).toMatchObject({ offsiteDetectedAt: at(31) });
    expect(await fx.trackedRow('order', unseen.item.id)).toMatchObject({ status: 'active' });

    await tracking.returnFromOffsite(admin, 'order', offsite.item.id);
    expect(await detectedIds(at(900))).not.toContain(offsite.item.id);
    expect(await fx.trackedRow('order', offsite.item.id)).toMatchObject({ status: 'returned' });
  });

  it('marks repairs too and announces repair:updated for them', async () => {
    const { item } = await seenItem('repair', 0);
    expect(await tracking.detectOffsite(at(31))).toContainEqual({
      kind: 'repair',
      itemId: item.id,
      number: 'repairNumber' in item ? item.repairNumber : '',
    });
    expect(announced.filter((a) => a.rooms[0] === `repair:${item.id}`).map((a) => a.name)).toEqual([
      'tracking:offsite-detected',
      'repair:updated',
    ]);
  });

  it('flags a piece that came back and left again: out, back, out, back (issue 21 §3)', async () => {
    const { item, epc, department, station } = await seenItem('order', 0);
    const readAt = (minutes: number) =>
      tracking.applyMove({ epc, departmentId: department.id, stationId: station.id, at: at(minutes) });
    let minutes = 0;
    for (const round of [1, 2]) {
      minutes += 31;
      expect(await detectedIds(at(minutes)), `round ${round}: offsite`).toContain(item.id);
      minutes += 5;
      await readAt(minutes);
      expect(await fx.trackedRow('order', item.id), `round ${round}: returned`).toMatchObject({
        status: 'returned',
        offsiteReturnedAt: at(minutes),
      });
      // Seen again in the workshop: an ordinary active piece the next sweep may flag once it leaves.
      await readAt(minutes);
      expect(await fx.trackedRow('order', item.id)).toMatchObject({ status: 'active' });
      expect(await detectedIds(at(minutes + 30))).not.toContain(item.id);
    }
    const returns = (await fx.changes('order', item.id)).filter(
      (change) => change.action === 'returned-from-offsite',
    );
    expect(returns).toHaveLength(2);
  });

  it('sweeps on the schedule while auto detection is on, with the real service', async () => {
    const { item } = await seenItem('order', 0);
    const timer = manualTimer(at(30));
    const errors: unknown[] = [];
    const stop = startOffsiteSweeper({
      service: tracking,
      settings: async () => ({ autoOffsiteDetection: true, offsiteCheckInterval: 1 }),
      clock: timer.clock,
      logger: { error: (object: unknown) => errors.push(object) },
      timer: timer.timer,
    });
    await timer.fire();
    expect(timer.delays).toEqual([MINUTE, MINUTE]);
    expect(await fx.trackedRow('order', item.id)).toMatchObject({
      status: 'offsite',
      offsiteDetectedAt: at(31),
    });
    await stop();
    expect(errors).toEqual([]);
  });
});

/**
 * A timer fired by hand: `fire` moves its clock on by the pending delay, runs the callback and waits until
 * the next one is scheduled. Nothing sleeps.
 */
function manualTimer(start: Date = new Date('2024-05-01T12:00:00.000Z')) {
  let now = start.getTime();
  const delays: number[] = [];
  let pending: (() => void) | null = null;
  let cancelled = 0;
  let onScheduled: (() => void) | null = null;
  const timer: TSweepTimer = {
    schedule(run, delayMs) {
      delays.push(delayMs);
      pending = run;
      onScheduled?.();
      return () => {
        cancelled += 1;
        if (pending === run) pending = null;
      };
    },
  };
  return {
    timer,
    delays,
    clock: () => new Date(now),
    get cancelled() {
      return cancelled;
    },
    get hasPending() {
      return pending !== null;
    },
    /** Waits for the first schedule, fires it, and waits for the tick to schedule the next. */
    async fire(): Promise<void> {
      if (pending === null) await new Promise<void>((resolve) => (onScheduled = resolve));
      const run = pending;
      pending = null;
      now += delays.at(-1) ?? 0;
      const next = new Promise<void>((resolve) => (onScheduled = resolve));
      run?.();
      await next;
      onScheduled = null;
    },
  };
}

describe('startOffsiteSweeper', () => {
  const NOW = new Date('2024-05-01T12:00:00.000Z');
  const silent = { error: () => undefined };

  function fakeService(fail = false) {
    const calls: Date[] = [];
    return {
      calls,
      service: {
        async detectOffsite(now: Date) {
          calls.push(now);
          if (fail) throw new Error('database away');
          return [];
        },
      },
    };
  }

  it('waits one offsiteCheckInterval before the first sweep, then sweeps at each interval', async () => {
    const { calls, service } = fakeService();
    const timer = manualTimer(NOW);
    const stop = startOffsiteSweeper({
      service,
      settings: async () => OFFSITE_DEFAULTS,
      clock: timer.clock,
      logger: silent,
      timer: timer.timer,
    });
    for (let minute = 1; minute <= 4; minute += 1) await timer.fire();
    expect(calls).toEqual([]);
    await timer.fire();
    expect(calls).toEqual([new Date(NOW.getTime() + 5 * MINUTE)]);
    for (let minute = 1; minute <= 5; minute += 1) await timer.fire();
    expect(calls).toEqual([new Date(NOW.getTime() + 5 * MINUTE), new Date(NOW.getTime() + 10 * MINUTE)]);
    // Awake every minute to re-read the settings, never longer.
    expect(timer.delays.every((delay) => delay === OFFSITE_SETTINGS_RECHECK_MS)).toBe(true);
    await stop();
  });

  it('applies a new interval within a minute, however long the old one was (issue 21 §4)', async () => {
    const { calls, service } = fakeService();
    const timer = manualTimer(NOW);
    let settings: { autoOffsiteDetection: boolean; offsiteCheckInterval: number } = {
      ...OFFSITE_DEFAULTS,
      offsiteCheckInterval: 24 * 60,
    };
    const stop = startOffsiteSweeper({
      service,
      settings: async () => settings,
      clock: timer.clock,
      logger: silent,
      timer: timer.timer,
    });
    await timer.fire();
    expect(calls).toEqual([]);
    settings = { ...settings, offsiteCheckInterval: 2 };
    await timer.fire();
    expect(calls).toEqual([new Date(NOW.getTime() + 2 * MINUTE)]);
    settings = { ...settings, autoOffsiteDetection: false };
    await timer.fire();
    await timer.fire();
    expect(calls).toHaveLength(1);
    settings = { ...settings, autoOffsiteDetection: true };
    await timer.fire();
    expect(calls).toHaveLength(2);
    await stop();
  });

  it('does not sweep while auto detection is off', async () => {
    const { calls, service } = fakeService();
    const timer = manualTimer(NOW);
    const stop = startOffsiteSweeper({
      service,
      settings: async () => ({ ...OFFSITE_DEFAULTS, autoOffsiteDetection: false }),
      clock: timer.clock,
      logger: silent,
      timer: timer.timer,
    });
    for (let minute = 1; minute <= 10; minute += 1) await timer.fire();
    expect(calls).toEqual([]);
    expect(timer.delays.every((delay) => delay === OFFSITE_SETTINGS_RECHECK_MS)).toBe(true);
    await stop();
  });

  it('logs a failed sweep or settings read and keeps going', async () => {
    const { calls, service } = fakeService(true);
    const timer = manualTimer();
    const errors: string[] = [];
    let readFails = false;
    const stop = startOffsiteSweeper({
      service,
      settings: async () => {
        if (readFails) throw new Error('settings away');
        return { ...OFFSITE_DEFAULTS, offsiteCheckInterval: 1 };
      },
      clock: timer.clock,
      logger: { error: (_object: unknown, message?: string) => errors.push(message ?? '') },
      timer: timer.timer,
    });
    await timer.fire();
    readFails = true;
    await timer.fire();
    expect(calls).toHaveLength(1);
    expect(errors).toEqual(['offsite sweep failed', 'offsite sweep: reading the general settings failed']);
    expect(timer.delays.at(-1)).toBe(OFFSITE_SETTINGS_RECHECK_MS);
    await stop();
  });

  it('stops: the pending sweep is cancelled and nothing is scheduled again', async () => {
    const { calls, service } = fakeService();
    const timer = manualTimer(NOW);
    const stop = startOffsiteSweeper({
      service,
      settings: async () => ({ ...OFFSITE_DEFAULTS, offsiteCheckInterval: 1 }),
      clock: timer.clock,
      logger: silent,
      timer: timer.timer,
    });
    await timer.fire();
    await stop();
    expect(timer.cancelled).toBe(1);
    expect(timer.hasPending).toBe(false);
    expect(calls).toHaveLength(1);
  });
});
