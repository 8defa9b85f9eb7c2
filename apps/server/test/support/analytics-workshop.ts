import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { productTypes } from '../../src/db/schema/catalog.ts';
import { orders } from '../../src/db/schema/jobs.ts';
import type { TTestDatabaseKind } from './databases.ts';
import { createTestApp } from './test-app.ts';
import { createTestClock } from './test-clock.ts';
import { createTrackingFixtures } from './tracking-fixtures.ts';

export type TAnalyticsPlace = { department: { id: string }; station: { id: string } };
export type TAnalyticsJob = { id: string; epc: string };

/**
 * A workshop for analytics tests whose answers are worked out by hand: a UTC test clock set to `start`, a
 * manager, the places casting, bench and polishing (one station each), the product type Ring and the
 * salesperson Sam. Orders are tagged, read and delivered through the API at given instants, as the facts
 * behind the screens come from.
 */
export async function createAnalyticsWorkshop(database: TTestDatabaseKind, start: string) {
  const clock = createTestClock(new Date(start));
  const t = await createTestApp({ database, clock });
  const fx = createTrackingFixtures(t.database.db, clock);
  const signedIn = await t.clientAs('manager');
  const manager = signedIn.client;
  const samId = (await t.clientAs('salesperson')).user.id;
  const [ring] = await t.database.db.insert(productTypes).values({ name: 'Ring' }).returning();
  if (!ring) throw new Error('product type not inserted');
  const place = async (name: string, stationName: string): Promise<TAnalyticsPlace> => {
    const department = await fx.department({ name: `${name} ${crypto.randomUUID().slice(0, 6)}` });
    return { department, station: await fx.station(department.id, { name: stationName }) };
  };
  const places = {
    casting: await place('Casting', 'Casting machine'),
    bench: await place('Bench', 'Bench 1'),
    polishing: await place('Polishing', 'Lathe'),
  };

  /** Moves the clock; the manager signs in again, so the token is never older than the clock says. */
  async function at(instant: string) {
    clock.set(new Date(instant));
    manager.idToken = (await t.signIn(signedIn.user.email)).IdToken;
  }

  async function order(
    values: { productTypeId?: string; salespersonId?: string } = {},
  ): Promise<TAnalyticsJob> {
    const row = await fx.order({ customerName: 'Grace Hopper' });
    if (Object.keys(values).length > 0) {
      await t.database.db.update(orders).set(values).where(eq(orders.id, row.id));
    }
    const epc = fx.epc();
    const assigned = await manager.request('POST', '/api/v1/tracking/assign-epc', {
      body: { orderId: row.id, epcCode: epc, orderNumber: row.orderNumber },
    });
    expect(assigned.statusCode).toBe(200);
    return { id: row.id, epc };
  }

  async function read(job: TAnalyticsJob, where: TAnalyticsPlace, instant: string) {
    await at(instant);
    const moved = await manager.request('POST', '/api/v1/tracking/orders/update-location', {
      body: {
        orderId: job.id,
        epcCode: job.epc,
        departmentId: where.department.id,
        stationId: where.station.id,
      },
    });
    expect(moved.statusCode).toBe(200);
    // The visit it ended reaches the facts once the analytics projection has followed it (decision 026).
    await t.app.loupe.projections.caughtUp();
  }

  async function deliver(job: { id: string }, instant: string) {
    await at(instant);
    for (const status of ['quality_check', 'ready', 'delivered']) {
      const changed = await manager.request('PATCH', `/api/v1/orders/${job.id}`, { body: { status } });
      expect(changed.statusCode).toBe(200);
    }
  }

  return { t, manager, places, ringId: ring.id, samId, at, order, read, deliver };
}

export type TAnalyticsWorkshop = Awaited<ReturnType<typeof createAnalyticsWorkshop>>;

/** Rows in one order, whatever the database's collation. */
export const inOrder = <T extends Record<string, unknown>>(rows: T[]) =>
  [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/** A repository scope's filters when none is set, in a UTC workshop: each test spreads its range and filters over it. */
export const UNFILTERED = {
  timeZone: 'UTC',
  kind: null,
  locationId: null,
  departmentId: null,
  productTypeId: null,
  salespersonId: null,
} as const;
