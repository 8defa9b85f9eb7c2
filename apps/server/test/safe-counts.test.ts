import { ZAlertSchema } from '@loupe/domain/alerts/alerts';
import type { TServerToClientPayload } from '@loupe/domain/realtime/events';
import {
  SAFE_COUNT_WINDOW_MINUTES,
  ZSafeCountSchema,
  ZSafeCountSummarySchema,
  ZSafeLocationSchema,
} from '@loupe/domain/safe-counts/safe-counts';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { departments, locations, stations } from '../src/db/schema/registry.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import { transactional } from '../src/db/transaction.ts';
import { createSafeCountsRepository } from '../src/modules/safe-counts/repository.ts';
import { createSafeCountsService } from '../src/modules/safe-counts/service.ts';
import { createEventBus } from '../src/realtime/event-bus.ts';
import { seedClosingCount } from '../workshop/demo-safe-count.ts';
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

/** Issue 37 §5: the closing count over HTTP, with reads through the real RFID pipeline. */
describe.each(TEST_DATABASES)('the closing count on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  let manager: TTestClient;
  let production: TTestClient;
  let emails: { manager: string; production: string };
  let fresh: () => Promise<void>;
  let places: { department: string; safe: string; bench: string; otherDepartment: string; other: string };

  const data = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;
  const code = (response: { json(): unknown }) => (response.json() as { code?: string }).code;

  /** A tagged order read by hand at `stationId` of `departmentId`. */
  async function trackedOrder(departmentId: string, stationId: string) {
    const job = await taggedOrder(manager, fx);
    await readByHand(manager, job, departmentId, stationId);
    return job;
  }

  /** Reads through the real pipeline: antenna 1 is the safe, antenna 2 the bench. */
  async function readAt(antenna: 1 | 2, ...epcs: string[]) {
    await readThroughPipeline(t, 'vault-reader', antenna, epcs);
  }

  async function count(id: string) {
    const response = await manager.request('GET', `/api/v1/safe-counts/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZSafeCountSchema.parse(data(response));
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    t.clock.set(new Date('2026-12-02T10:00:00Z'));
    fx = createTrackingFixtures(t.database.db, t.clock);
    const team = await signedInTeam(t, {
      manager: { firstName: 'Maya', lastName: 'Manager' },
      production: {},
    });
    ({ manager, production } = team.clients);
    emails = team.emails;
    fresh = team.fresh;
    const { db } = t.database;
    const vault = await fx.department({ name: 'Vault' });
    const safe = await fx.station(vault.id, { name: 'Safe' });
    const benchStation = await fx.station(vault.id, { name: 'Bench' });
    await db.insert(locations).values({ id: 'LOC777', name: 'Shop on the corner' });
    const [otherDepartment] = await db
      .insert(departments)
      .values({ id: 'DEPT777', name: 'Shop counter', gradient: 'x', iconName: 'Gem', locationId: 'LOC777' })
      .returning();
    const [other] = await db
      .insert(stations)
      .values({ id: 'STATION777777', departmentId: 'DEPT777', name: 'Counter' })
      .returning();
    if (!otherDepartment || !other) throw new Error('no other location');
    await installReader(t, { id: 'vault-reader', name: 'Vault reader', apiKeyPrefix: 'lpr_v' }, [
      { antenna: 1, departmentId: vault.id, stationId: safe.id },
      { antenna: 2, departmentId: vault.id, stationId: benchStation.id },
    ]);
    places = {
      department: vault.id,
      safe: safe.id,
      bench: benchStation.id,
      otherDepartment: otherDepartment.id,
      other: other.id,
    };
  });
  afterAll(() => t.close());

  it('expects the location’s open jobs not offsite, counts reads at the safe live, and alerts what is missing', async () => {
    await fresh();
    const inSafe = await trackedOrder(places.department, places.bench);
    const forgotten = await trackedOrder(places.department, places.bench);
    const offsite = await trackedOrder(places.department, places.bench);
    await t.database.db
      .update(trackedItems)
      .set({ status: 'offsite' })
      .where(eq(trackedItems.itemId, offsite.id));
    const delivered = await trackedOrder(places.department, places.bench);
    await t.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, delivered.id));
    const elsewhere = await trackedOrder(places.otherDepartment, places.other);

    // Nobody counts a location without a safe; the bench roles do not count at all.
    const noSafe = await manager.request('POST', '/api/v1/safe-counts', { body: { locationId: 'LOC001' } });
    expect(noSafe.statusCode).toBe(409);
    expect(code(noSafe)).toBe('SAFE_NOT_CHOSEN');
    const notHis = await production.request('POST', '/api/v1/safe-counts', {
      body: { locationId: 'LOC001' },
    });
    expect(notHis.statusCode).toBe(403);
    expect((await production.request('GET', '/api/v1/safe-counts')).statusCode).toBe(403);
    const wrongSafe = await manager.request('PUT', '/api/v1/safe-counts/locations/LOC001/safe', {
      body: { stationId: places.other },
    });
    expect(wrongSafe.statusCode).toBe(400);

    const chosen = await manager.request('PUT', '/api/v1/safe-counts/locations/LOC001/safe', {
      body: { stationId: places.safe },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(ZSafeLocationSchema.parse(data(chosen)).safe).toEqual({
      stationId: places.safe,
      stationName: 'Safe',
    });

    const announced: TServerToClientPayload<'safe-count:updated'>[] = [];
    const unsubscribe = t.app.loupe.events.subscribe((announcement) => {
      if (announcement.name === 'safe-count:updated')
        announced.push(announcement.payload as TServerToClientPayload<'safe-count:updated'>);
    });

    const started = await manager.request('POST', '/api/v1/safe-counts', { body: { locationId: 'LOC001' } });
    expect(started.statusCode, started.body).toBe(200);
    const running = ZSafeCountSchema.parse(data(started));
    expect(running).toMatchObject({
      status: 'running',
      trigger: 'button',
      startedBy: 'Maya Manager',
      expectedCount: 2,
      countedCount: 0,
      missingCount: 2,
    });
    expect(running.missing.map((piece) => piece.number).sort()).toEqual(
      [inSafe.orderNumber, forgotten.orderNumber].sort(),
    );
    expect(running.missing.map((piece) => piece.number)).not.toContain(elsewhere.orderNumber);
    expect(Date.parse(running.endsAt) - Date.parse(running.startedAt)).toBe(
      SAFE_COUNT_WINDOW_MINUTES * MINUTE,
    );
    const again = await manager.request('POST', '/api/v1/safe-counts', { body: { locationId: 'LOC001' } });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('SAFE_COUNT_CONFLICT');

    // The piece goes into the safe; the delivered job's envelope lies there too.
    await readAt(1, inSafe.epc, delivered.epc);
    await expect.poll(() => announced.length, { timeout: 5000 }).toBeGreaterThan(1);
    expect(announced.at(-1)).toEqual({ countId: running.id, locationId: 'LOC001', status: 'running' });
    const live = await count(running.id);
    expect(live.counted.map((piece) => piece.number)).toEqual([inSafe.orderNumber]);
    expect(live.counted[0]?.lastStationName).toBe('Safe');
    expect(live.missing.map((piece) => piece.number)).toEqual([forgotten.orderNumber]);
    expect(live.extra.map((piece) => piece.number)).toEqual([delivered.orderNumber]);

    await fresh();
    const finished = await manager.request('POST', `/api/v1/safe-counts/${running.id}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    const report = ZSafeCountSchema.parse(data(finished));
    expect(report).toMatchObject({
      status: 'finished',
      finishedBy: 'Maya Manager',
      expectedCount: 2,
      countedCount: 1,
      missingCount: 1,
      extraCount: 1,
    });
    expect((finished.json() as { message: string }).message).toBe('Count finished: 1 missing.');
    expect(announced.at(-1)).toEqual({ countId: running.id, locationId: 'LOC001', status: 'finished' });
    unsubscribe();
    const twice = await manager.request('POST', `/api/v1/safe-counts/${running.id}/finish`);
    expect(code(twice)).toBe('SAFE_COUNT_CONFLICT');

    // One alert for the missing piece, to the managers; the sweep does not clear it.
    const alertsOf = async () =>
      ZAlertSchema.array()
        .parse(data(await manager.request('GET', '/api/v1/alerts?rule=safe-count-missing')))
        .filter((alert) => alert.status !== 'resolved');
    expect((await alertsOf()).map((alert) => alert.title)).toEqual([
      `${forgotten.orderNumber} missing from the safe`,
    ]);
    await t.app.loupe.alerts.evaluate();
    expect(await alertsOf()).toHaveLength(1);

    // The report stays as it was found, whatever is read afterwards; the list has it.
    await readAt(1, forgotten.epc);
    expect((await count(running.id)).missing.map((piece) => piece.number)).toEqual([forgotten.orderNumber]);
    const list = ZSafeCountSummarySchema.array().parse(
      data(await manager.request('GET', '/api/v1/safe-counts')),
    );
    expect(list[0]).toMatchObject({ id: running.id, missingCount: 1, countedCount: 1 });

    // In the morning a counted piece leaves the safe for the bench: logged against the count.
    await readAt(2, inSafe.epc);
    const afterwards = await count(running.id);
    expect(afterwards.removals).toEqual([
      expect.objectContaining({ number: inSafe.orderNumber, stationName: 'Bench', isWhileClosed: false }),
    ]);
    // Read at the bench again: still one removal.
    await readAt(1, inSafe.epc);
    await readAt(2, inSafe.epc);
    expect((await count(running.id)).removals).toHaveLength(1);
  });

  it('starts one count at the working calendar’s closing per location with a safe, and finishes it when its window ends', async () => {
    await fresh();
    const calendar = await manager.request('PUT', '/api/v1/workflow/calendar', {
      body: {
        timeZone: 'Europe/London',
        openDays: [1, 2, 3, 4, 5],
        opensAt: '09:00',
        closesAt: '17:30',
        closedDates: [],
      },
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const { safeCounts } = t.app.loupe;
    t.clock.set(new Date('2026-12-03T17:00:00Z'));
    expect(await safeCounts.startClosingCounts()).toBe(0);
    t.clock.set(new Date('2026-12-03T17:31:00Z'));
    expect(await safeCounts.startClosingCounts()).toBe(1);
    expect(await safeCounts.startClosingCounts()).toBe(0);
    await fresh();
    const [closing] = ZSafeCountSummarySchema.array().parse(
      data(await manager.request('GET', '/api/v1/safe-counts')),
    );
    expect(closing).toMatchObject({
      trigger: 'closing',
      status: 'running',
      startedBy: null,
      locationId: 'LOC001',
    });
    if (!closing) throw new Error('no closing count');

    expect(await safeCounts.finishDue()).toBe(0);
    t.clock.advance(SAFE_COUNT_WINDOW_MINUTES * MINUTE + 5 * MINUTE);
    expect(await safeCounts.finishDue()).toBe(1);
    await fresh();
    const report = await count(closing.id);
    expect(report).toMatchObject({ status: 'finished', finishedBy: null, finishedAt: closing.endsAt });

    // Once the closing count of the date was made, finishing it does not start another.
    expect(await safeCounts.startClosingCounts()).toBe(0);
    // Next day's closing: another.
    t.clock.set(new Date('2026-12-04T17:45:00Z'));
    expect(await safeCounts.startClosingCounts()).toBe(1);
  });

  it('seeds the demo’s last closing count: every expected piece counted but one, and its alert', async () => {
    const seeded = await seedClosingCount(t.database.db, { now: new Date('2026-12-08T12:00:00Z') });
    expect(seeded.expected).toBeGreaterThan(1);
    await fresh();
    const [latest] = ZSafeCountSummarySchema.array()
      .parse(data(await manager.request('GET', '/api/v1/safe-counts')))
      .filter((row) => row.startedAt === '2026-12-07T17:00:00.000Z');
    expect(latest).toMatchObject({
      trigger: 'closing',
      status: 'finished',
      expectedCount: seeded.expected,
      countedCount: seeded.expected - 1,
      missingCount: 1,
    });
    if (!latest) throw new Error('no seeded count');
    expect((await count(latest.id)).missing.map((piece) => piece.number)).toEqual([seeded.missing]);
    const alerts = ZAlertSchema.array().parse(
      data(await manager.request('GET', '/api/v1/alerts?rule=safe-count-missing&status=open')),
    );
    expect(alerts.map((alert) => alert.title)).toContain(`${seeded.missing} missing from the safe`);
  });

  it('tells the admins’ and managers’ sockets a count changed, and no one else’s', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    const sockets: Socket[] = [];
    const openAs = async (email: string) => {
      const socket = connect(`http://127.0.0.1:${address.port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: (await t.signIn(email)).IdToken },
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', () => resolve(null)));
      const heard: unknown[] = [];
      socket.on('safe-count:updated', (payload: unknown) => heard.push(payload));
      return heard;
    };
    try {
      const managerHeard = await openAs(emails.manager);
      const productionHeard = await openAs(emails.production);
      await fresh();
      expect(
        (
          await manager.request('PUT', '/api/v1/safe-counts/locations/LOC777/safe', {
            body: { stationId: places.other },
          })
        ).statusCode,
      ).toBe(200);
      const started = await manager.request('POST', '/api/v1/safe-counts', {
        body: { locationId: 'LOC777' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const { id } = ZSafeCountSchema.parse(data(started));
      await expect
        .poll(() => managerHeard, { timeout: 5000 })
        .toContainEqual({ countId: id, locationId: 'LOC777', status: 'running' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(productionHeard).toEqual([]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('announces the running counts once per burst of reads, and not after it stopped following them', async () => {
    const repository = transactional(t.database.db, createSafeCountsRepository);
    const asked = vi.spyOn(repository, 'runningCounts');
    const events = createEventBus();
    const service = createSafeCountsService({
      safeCounts: repository,
      clock: () => new Date(),
      events,
      // Announcing never starts or finishes a count: no calendar, no alerts.
      calendar: () => Promise.reject(new Error('not asked')),
      raiseAlerts: async () => 0,
    });
    const read = {
      epc: 'E2B0FOLLOW',
      readerId: 'vault-reader',
      antenna: 1,
      timestamp: new Date().toISOString(),
    };
    const stop = service.follow();
    events.publish('rfid:tag-read', read);
    events.publish('rfid:tag-read', read);
    await expect.poll(() => asked.mock.calls.length, { timeout: 5000 }).toBe(1);
    // A read just before the app closes: its announcement would query a closed database.
    events.publish('rfid:tag-read', read);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
