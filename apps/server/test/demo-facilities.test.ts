import { ZTransitAnalyticsSchema } from '@loupe/domain/analytics/transit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, stations } from '../src/db/schema/registry.ts';
import { transferItems, transfers } from '../src/db/schema/transfers.ts';
import { DEMO_VENDOR, seedDemoFacilities } from '../workshop/demo-facilities.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTestClock } from './support/test-clock.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

/** `npm run demo`'s facilities (issue 39 §5): stores, a vendor, their stations and the bags between them. */
describe.each(TEST_DATABASES)('the demo’s facilities on %s', (database) => {
  let t: TTestApp;
  const now = new Date('2026-11-20T12:00:00Z');
  let seeded: Awaited<ReturnType<typeof seedDemoFacilities>>;

  beforeAll(async () => {
    t = await createTestApp({ database, clock: createTestClock(now) });
    await t.createUser({ role: 'manager' });
    const fx = createTrackingFixtures(t.database.db, t.clock);
    for (let i = 0; i < 30; i += 1) {
      await fx.order({
        customerName: `Customer ${i % 4}`,
        status: i % 5 === 0 ? 'in_production' : 'delivered',
      });
    }
    // The fixtures number orders themselves; Loupe's sequence takes over past them.
    await t.database.db.execute(sql`select setval('order_number_seq', 1000)`);
    seeded = await seedDemoFacilities(t.database.db, { now });
  });
  afterAll(() => t?.close());

  it('adds two stores a day away and a vendor, each store and the workshop with a shipping and a receiving station', async () => {
    const rows = await t.database.db.select().from(locations);
    const kinds = Object.fromEntries(rows.map((row) => [row.name, row.kind]));
    expect(kinds).toMatchObject({
      'Downtown Store': 'store',
      'Harbor Store': 'store',
      [DEMO_VENDOR.name]: 'vendor',
    });
    expect(rows.find((row) => row.id === 'LOC001')?.kind).toBe('workshop');
    expect(rows).toHaveLength(4);
    for (const store of rows.filter((row) => row.kind === 'store')) {
      expect(store.settings).toEqual({ transitDays: 1 });
    }
    const withRoles = await t.database.db.select().from(stations);
    const roles = withRoles.filter((row) => row.role !== 'work').map((row) => row.role);
    expect(roles.filter((role) => role === 'shipping')).toHaveLength(3);
    expect(roles.filter((role) => role === 'receiving')).toHaveLength(3);
    expect(seeded.jobsAtStores).toBeGreaterThan(0);
  });

  it('writes received bags with carriers and tracking numbers, one on its way, one short and one overdue at the vendor', async () => {
    const bags = await t.database.db.select().from(transfers);
    const count = (status: string) => bags.filter((bag) => bag.status === status).length;
    expect(bags).toHaveLength(seeded.bags);
    expect(count('received')).toBeGreaterThan(20);
    expect(count('received_short')).toBe(1);
    expect(count('in_transit')).toBe(2);
    expect(count('packing')).toBe(1);
    for (const bag of bags.filter((row) => row.sentAt !== null)) {
      expect(bag.carrier).not.toBe('');
      expect(bag.trackingNumber).not.toBe('');
      expect(bag.sentAt?.getTime()).toBeLessThan(now.getTime());
    }
    const short = bags.find((bag) => bag.status === 'received_short');
    const items = await t.database.db.select().from(transferItems);
    expect(items.filter((item) => item.transferId === short?.id && item.state === 'missing')).toHaveLength(1);
  });

  it('gives the transit screen figures for every route, and the overdue vendor bag', async () => {
    const { client } = await t.clientAs('manager');
    const response = await client.request('GET', '/api/v1/analytics/transit?from=2026-09-01&to=2026-11-20');
    expect(response.statusCode, response.body).toBe(200);
    const answer = ZTransitAnalyticsSchema.parse((response.json() as { data: unknown }).data);
    expect(answer.summary).toMatchObject({ short: 1, overdue: 1, inTransit: 2 });
    expect(answer.summary.medianHours).toBeGreaterThan(15);
    expect(answer.summary.medianHours).toBeLessThan(30);
    // Both stores both ways, and the vendor.
    expect(answer.routes.length).toBeGreaterThanOrEqual(5);
    expect(answer.routes.find((route) => route.toLocationName === DEMO_VENDOR.name)?.overdue).toBe(1);
    expect(answer.byDay.length).toBeGreaterThan(10);
  });
});
