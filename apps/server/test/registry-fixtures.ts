import { randomBytes } from 'node:crypto';
import type { TDatabase } from '../src/db/client.ts';
import { customers } from '../src/db/schema/catalog.ts';
import { orders } from '../src/db/schema/jobs.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import type { TTestApp } from './support/test-app.ts';

/**
 * A tagged order standing at a station, written straight into the tables: the registry counts tracked
 * items, and the orders and tracking modules that will make them through the API are built separately.
 */
export async function placeTrackedOrder(
  db: TDatabase,
  at: { departmentId: string; stationId: string; status?: 'active' | 'offsite' | 'returned' },
): Promise<string> {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const [customer] = await db
    .insert(customers)
    .values({ name: `Customer ${suffix}`, searchText: `customer ${suffix.toLowerCase()}` })
    .returning({ id: customers.id });
  if (!customer) throw new Error('placeTrackedOrder: no customer');
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-T${suffix}`,
      customerId: customer.id,
      status: 'in_production',
      searchText: `ord-t${suffix.toLowerCase()}`,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('placeTrackedOrder: no order');
  await db.insert(trackedItems).values({
    itemKind: 'order',
    itemId: order.id,
    epc: `E200${suffix}`,
    status: at.status ?? 'active',
    currentDepartmentId: at.departmentId,
    currentStationId: at.stationId,
    arrivedAt: new Date(),
    lastSeenAt: new Date(),
  });
  return order.id;
}

/** Everything the app announces from now on, until `stop()`. */
export function recordAnnouncements(t: TTestApp): { announcements: TAnnouncement[]; stop: () => void } {
  const announcements: TAnnouncement[] = [];
  const stop = t.app.loupe.events.subscribe((announcement) => announcements.push(announcement));
  return { announcements, stop };
}
