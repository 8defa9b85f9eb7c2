import { ZOnTimeAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { ZTransitAnalyticsSchema } from '@loupe/domain/analytics/transit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/jobs.ts';
import { locations } from '../src/db/schema/registry.ts';
import { transferItems, transfers } from '../src/db/schema/transfers.ts';
import { createAnalyticsWorkshop, type TAnalyticsWorkshop } from './support/analytics-workshop.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

/**
 * Transit between locations (issue 39 §4) and on-time by pickup location, by hand (UTC workshop, "now" is
 * Friday 6 March 2026 12:00, the range 2–8 March):
 *
 * - T1 Downtown → workshop, FedEx, sent 2 Mar 16:00: envelopes arrived after 18 h and 20 h; received.
 * - T2 Downtown → workshop, FedEx, sent 3 Mar 16:00: one envelope after 22 h, one missing; received short.
 * - T3 workshop → the casting house, Courier, sent 2 Mar 10:00, expected back 4 Mar: out, overdue now.
 * - T4 workshop → Downtown, cancelled while packing; T5 workshop → Downtown, UPS, sent in February.
 */
describe.each(TEST_DATABASES)('transit analytics on %s', (database) => {
  let w: TAnalyticsWorkshop;
  const range = 'from=2026-03-02&to=2026-03-08';

  async function get(path: string) {
    const response = await w.manager.request('GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: unknown }).data;
  }

  async function bag(
    values: Partial<typeof transfers.$inferInsert> & { fromLocationId: string; toLocationId: string },
    items: { state: string; receivedAt?: string }[],
  ) {
    const [row] = await w.t.database.db
      .insert(transfers)
      .values({ number: `TRF-${crypto.randomUUID().slice(0, 8)}`, ...values })
      .returning();
    if (!row) throw new Error('transfer not inserted');
    if (items.length > 0) {
      await w.t.database.db.insert(transferItems).values(
        items.map((item) => ({
          transferId: row.id,
          itemKind: 'order',
          itemId: crypto.randomUUID(),
          state: item.state,
          receivedAt: item.receivedAt ? new Date(item.receivedAt) : null,
        })),
      );
    }
  }

  beforeAll(async () => {
    w = await createAnalyticsWorkshop(database, '2026-03-02T08:00:00Z');
    const db = w.t.database.db;
    await db.insert(locations).values([
      { id: 'LOC002', name: 'Downtown Store', kind: 'store' },
      { id: 'LOC009', name: 'Ashford Casting House', kind: 'vendor' },
    ]);
    const received = (at: string) => ({ state: 'received', receivedAt: at });
    await bag(
      {
        fromLocationId: 'LOC002',
        toLocationId: 'LOC001',
        status: 'received',
        carrier: 'FedEx',
        sentAt: new Date('2026-03-02T16:00:00Z'),
        receivedAt: new Date('2026-03-03T12:00:00Z'),
        expectedOn: '2026-03-03',
      },
      [received('2026-03-03T10:00:00Z'), received('2026-03-03T12:00:00Z')],
    );
    await bag(
      {
        fromLocationId: 'LOC002',
        toLocationId: 'LOC001',
        status: 'received_short',
        carrier: 'FedEx',
        sentAt: new Date('2026-03-03T16:00:00Z'),
        receivedAt: new Date('2026-03-04T15:00:00Z'),
        expectedOn: '2026-03-04',
      },
      [received('2026-03-04T14:00:00Z'), { state: 'missing' }],
    );
    await bag(
      {
        fromLocationId: 'LOC001',
        toLocationId: 'LOC009',
        status: 'in_transit',
        carrier: 'Courier',
        sentAt: new Date('2026-03-02T10:00:00Z'),
        expectedOn: '2026-03-04',
      },
      [{ state: 'expected' }],
    );
    await bag({ fromLocationId: 'LOC001', toLocationId: 'LOC002', status: 'cancelled' }, [
      { state: 'expected' },
    ]);
    await bag(
      {
        fromLocationId: 'LOC001',
        toLocationId: 'LOC002',
        status: 'received',
        carrier: 'UPS',
        sentAt: new Date('2026-02-10T16:00:00Z'),
        receivedAt: new Date('2026-02-11T10:00:00Z'),
        expectedOn: '2026-02-11',
      },
      [received('2026-02-11T10:00:00Z')],
    );

    // On time by pickup location: A collected at Downtown, a day early; B at the workshop, two days late.
    const fx = createTrackingFixtures(db, w.t.clock);
    const order = async (promisedDate: string, pickupLocationId: string) => {
      const row = await fx.order({ customerName: 'Grace Hopper' });
      await db.update(orders).set({ promisedDate, pickupLocationId }).where(eq(orders.id, row.id));
      const epc = fx.epc();
      const assigned = await w.manager.request('POST', '/api/v1/tracking/assign-epc', {
        body: { orderId: row.id, epcCode: epc, orderNumber: row.orderNumber },
      });
      expect(assigned.statusCode).toBe(200);
      return { id: row.id, epc };
    };
    const a = await order('2026-03-04', 'LOC002');
    const b = await order('2026-03-03', 'LOC001');
    await w.read(a, w.places.casting, '2026-03-02T09:00:00Z');
    await w.read(b, w.places.casting, '2026-03-02T09:30:00Z');
    await w.deliver(a, '2026-03-03T10:00:00Z');
    await w.deliver(b, '2026-03-05T10:00:00Z');
    await w.at('2026-03-06T12:00:00Z');
  });

  afterAll(async () => {
    await w?.t.close();
  });

  it('gives per route and carrier the bags, envelopes, median and p90 hours, short and overdue bags', async () => {
    const answer = ZTransitAnalyticsSchema.parse(await get(`/api/v1/analytics/transit?${range}`));
    expect(answer.filter).toMatchObject({ from: '2026-03-02', to: '2026-03-08', locationId: null });
    // 18, 20 and 22 h: the median 20, the 90th percentile 20 + 0.8 × 2.
    expect(answer.summary).toEqual({
      bags: 3,
      envelopes: 5,
      arrived: 3,
      medianHours: 20,
      p90Hours: 21.6,
      short: 1,
      overdue: 1,
      inTransit: 1,
    });
    expect(answer.routes).toEqual([
      {
        fromLocationId: 'LOC002',
        fromLocationName: 'Downtown Store',
        toLocationId: 'LOC001',
        toLocationName: expect.any(String),
        carrier: 'FedEx',
        bags: 2,
        envelopes: 4,
        arrived: 3,
        medianHours: 20,
        p90Hours: 21.6,
        short: 1,
        overdue: 0,
        shortRate: 0.5,
      },
      expect.objectContaining({
        fromLocationId: 'LOC001',
        toLocationName: 'Ashford Casting House',
        carrier: 'Courier',
        bags: 1,
        envelopes: 1,
        arrived: 0,
        medianHours: null,
        overdue: 1,
      }),
    ]);
    expect(answer.byDay).toEqual([
      { day: '2026-03-02', arrived: 2, medianHours: 19 },
      { day: '2026-03-03', arrived: 1, medianHours: 22 },
    ]);
  });

  it('narrows to the bags a location sent or received', async () => {
    const answer = ZTransitAnalyticsSchema.parse(
      await get(`/api/v1/analytics/transit?${range}&locationId=LOC009`),
    );
    expect(answer.routes.map((route) => [route.fromLocationId, route.toLocationId, route.carrier])).toEqual([
      ['LOC001', 'LOC009', 'Courier'],
    ]);
    expect(answer.summary).toMatchObject({ bags: 1, overdue: 1, short: 0 });
  });

  it('counts the February bag in February only', async () => {
    const answer = ZTransitAnalyticsSchema.parse(
      await get('/api/v1/analytics/transit?from=2026-02-01&to=2026-02-28'),
    );
    expect(answer.routes).toEqual([
      expect.objectContaining({ carrier: 'UPS', bags: 1, arrived: 1, medianHours: 18 }),
      // Sent in March, but overdue now: it shows on its route whatever the range.
      expect.objectContaining({ carrier: 'Courier', bags: 0, overdue: 1, shortRate: null }),
    ]);
  });

  it('gives the on-time rate by pickup location', async () => {
    const answer = ZOnTimeAnalyticsSchema.parse(await get(`/api/v1/analytics/on-time?${range}`));
    expect([...answer.byPickupLocation].sort((x, y) => (x.id ?? '').localeCompare(y.id ?? ''))).toEqual([
      { id: 'LOC001', name: expect.any(String), delivered: 1, onTime: 0, late: 1, onTimeRate: 0 },
      { id: 'LOC002', name: 'Downtown Store', delivered: 1, onTime: 1, late: 0, onTimeRate: 1 },
    ]);
  });

  it('keeps the transit figures to admins and managers', async () => {
    const { client } = await w.t.clientAs('salesperson');
    const response = await client.request('GET', `/api/v1/analytics/transit?${range}`);
    expect(response.statusCode).toBe(403);
  });
});
