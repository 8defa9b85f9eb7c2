import { addDays, calendarDayOf } from '@loupe/domain/analytics/statistics';
import { formatOrderNumber, ORDER_NUMBER_PREFIX } from '@loupe/domain/orders/order';
import {
  DEFAULT_DEPARTMENT_GRADIENT,
  DEFAULT_LOCATION_ID,
  nextDepartmentId,
} from '@loupe/domain/registry/departments';
import { nextLocationId } from '@loupe/domain/registry/locations';
import { newStationId } from '@loupe/domain/registry/stations';
import { TRANSFER_NUMBER_PREFIX } from '@loupe/domain/transfers/transfers';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../src/db/client.ts';
import { orders, repairs } from '../src/db/schema/jobs.ts';
import { locations } from '../src/db/schema/registry.ts';
import { transferItems, transfers } from '../src/db/schema/transfers.ts';
import { createRegistryRepository } from '../src/modules/registry/repository.ts';
import { randomInt, seededRandom, type TRandom } from './random.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Weeks of past bags between the stores and the workshop: inside the analytics screens' default 90 days. */
const PAST_WEEKS = 8;

type TPlace = { readonly id: string; readonly name: string };
type TJobRef = { readonly itemKind: 'order' | 'repair'; readonly itemId: string };

/** The demo's other facilities (issue 39 §5): two stores a day's carrier ride away, and a casting house. */
export const DEMO_STORES = [
  {
    name: 'Downtown Store',
    address: '48 Market Street, Springfield, IL 62701',
    department: 'Downtown Store Counter',
    // Overnight carriers between the store and the workshop.
    carriers: { toWorkshop: 'FedEx Priority Overnight', fromWorkshop: 'UPS Next Day Air' },
  },
  {
    name: 'Harbor Store',
    address: '3 Pier Road, Harbor Point, IL 62702',
    department: 'Harbor Store Counter',
    carriers: { toWorkshop: 'Brink’s', fromWorkshop: 'Malca-Amit' },
  },
] as const;
export const DEMO_VENDOR = {
  name: 'Ashford Casting House',
  address: '210 Foundry Lane, Ashford, IL 62705',
  carrier: 'Brink’s',
} as const;
const WORKSHOP_DEPARTMENT = 'Dispatch';

/** A tracking number as each carrier prints it. */
function trackingNumber(random: TRandom, carrier: string): string {
  const digits = (count: number) => Array.from({ length: count }, () => randomInt(random, 0, 9)).join('');
  if (carrier.startsWith('FedEx')) return `${digits(4)} ${digits(4)} ${digits(4)}`;
  if (carrier.startsWith('UPS')) return `1Z${digits(3)}W${digits(2)}0${digits(9)}`;
  if (carrier.startsWith('Malca')) return `MA${digits(9)}`;
  return `BRK-${digits(8)}`;
}

/** The same instant moved back to the last weekday at or before it (carriers pick up Monday to Friday). */
function weekdayAtOrBefore(instant: Date): Date {
  let at = instant;
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at = new Date(at.getTime() - DAY_MS);
  return at;
}

/** `day` at hh:mm UTC. */
const atTime = (day: string, hours: number, minutes = 0) =>
  new Date(`${day}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`);

/**
 * The demo's facilities (issue 39 §5), written straight into the database while Loupe is stopped (as the
 * delivered history is): the workshop LOC001 and two stores, each with a shipping and a receiving station,
 * an outside casting house; jobs taken in and collected at the stores; and bags between them — weeks of
 * received ones with their carriers and tracking numbers (the Transit Analytics screen), one on its way
 * now, one that arrived short an envelope, and one at the casting house past the day it was due back.
 */
export async function seedDemoFacilities(
  db: TDatabase,
  options: { readonly now: Date; readonly seed?: number },
): Promise<{ stores: string[]; vendor: string; bags: number; jobsAtStores: number }> {
  const random = seededRandom(options.seed ?? 39);
  const { now } = options;
  const registry = createRegistryRepository(db);

  // Locations: the stores a day away, the vendor, and the workshop's kind.
  await db.update(locations).set({ kind: 'workshop' }).where(eq(locations.id, DEFAULT_LOCATION_ID));
  const takenLocations = await registry.locationIds();
  const addLocation = async (values: { name: string; address: string; kind: 'store' | 'vendor' }) => {
    const id = nextLocationId(takenLocations);
    takenLocations.push(id);
    await db.insert(locations).values({
      id,
      ...values,
      description:
        values.kind === 'store' ? 'Retail store: takes pieces in and hands them over' : 'Outside vendor',
      settings: values.kind === 'store' ? { transitDays: 1 } : {},
    });
    return { id, name: values.name };
  };
  const stores: (Omit<(typeof DEMO_STORES)[number], 'name'> & TPlace)[] = [];
  for (const store of DEMO_STORES) {
    stores.push({
      ...store,
      ...(await addLocation({ name: store.name, address: store.address, kind: 'store' })),
    });
  }
  const vendor = await addLocation({ name: DEMO_VENDOR.name, address: DEMO_VENDOR.address, kind: 'vendor' });

  // A shipping and a receiving station at the workshop and at each store.
  const departmentIds = await registry.departmentIds();
  const stationIds = await registry.stationIds();
  const addStations = async (locationId: string, department: string) => {
    const id = nextDepartmentId(departmentIds);
    departmentIds.push(id);
    await registry.insertDepartment({
      id,
      name: department,
      description: 'Where bags between locations are packed and opened',
      gradient: DEFAULT_DEPARTMENT_GRADIENT,
      iconName: 'Settings',
      locationId,
      position: await registry.nextDepartmentPosition(locationId),
    });
    for (const [position, role] of (['shipping', 'receiving'] as const).entries()) {
      const stationId = newStationId(new Date(now.getTime() + position), stationIds);
      stationIds.push(stationId);
      await registry.insertStation({
        id: stationId,
        departmentId: id,
        name: role === 'shipping' ? 'Shipping' : 'Receiving',
        role,
        position,
        antennaNumber: position + 1,
      });
    }
  };
  await addStations(DEFAULT_LOCATION_ID, WORKSHOP_DEPARTMENT);
  for (const store of stores) await addStations(store.id, store.department);

  // Jobs taken in and collected at the stores: two in three, alternately, the rest at the workshop's counter.
  // The delivered ones travelled in the past weeks' bags.
  const jobsAt = new Map<string, { delivered: TJobRef[] }>(
    stores.map((store) => [store.id, { delivered: [] }]),
  );
  let jobsAtStores = 0;
  for (const [itemKind, table, numberColumn] of [
    ['order', orders, orders.orderNumber],
    ['repair', repairs, repairs.repairNumber],
  ] as const) {
    const rows = await db.select({ id: table.id, status: table.status }).from(table).orderBy(numberColumn);
    for (const [storeIndex, store] of stores.entries()) {
      const mine = rows.filter((_, index) => index % 3 === storeIndex);
      if (mine.length === 0) continue;
      await db
        .update(table)
        .set({ intakeLocationId: store.id, pickupLocationId: store.id })
        .where(
          inArray(
            table.id,
            mine.map((row) => row.id),
          ),
        );
      jobsAtStores += mine.length;
      for (const row of mine) {
        if (row.status === 'delivered' || row.status === 'picked_up') {
          jobsAt.get(store.id)?.delivered.push({ itemKind, itemId: row.id });
        }
      }
    }
  }

  // Who packs, sends and opens the bags: the manager.
  const [manager] = z.array(z.object({ id: z.string() })).parse(
    (
      (await db.execute(
        sql`select id::text as id from users where role = 'manager' order by created_at limit 1`,
      )) as {
        rows: unknown[];
      }
    ).rows,
  );
  const person = manager?.id ?? null;
  const nextNumber = async () => {
    const { rows } = (await db.execute(sql`select nextval('transfer_number_seq')::int as n`)) as {
      rows: { n: number }[];
    };
    return `${TRANSFER_NUMBER_PREFIX}${String(rows[0]?.n ?? 0).padStart(5, '0')}`;
  };
  let bags = 0;
  const cursor = new Map<string, number>();
  /** The next few jobs of a list, going round: envelopes for one more bag. */
  const take = (key: string, list: readonly TJobRef[], count: number): TJobRef[] => {
    if (list.length === 0) return [];
    const start = cursor.get(key) ?? 0;
    cursor.set(key, start + count);
    const picked = new Map<string, TJobRef>();
    for (let i = 0; i < Math.min(count, list.length); i += 1) {
      const job = list[(start + i) % list.length] as TJobRef;
      picked.set(`${job.itemKind}:${job.itemId}`, job);
    }
    return [...picked.values()];
  };
  const addBag = async (bag: {
    from: TPlace;
    to: TPlace;
    carrier: string;
    status: 'packing' | 'in_transit' | 'received' | 'received_short';
    sentAt: Date | null;
    expectedOn: string | null;
    receivedAt: Date | null;
    items: { job: TJobRef; state: 'expected' | 'received' | 'missing'; receivedAt: Date | null }[];
  }) => {
    if (bag.items.length === 0) return;
    const createdAt = new Date((bag.sentAt ?? now).getTime() - randomInt(random, 30, 120) * 60_000);
    const number = await nextNumber();
    const [row] = await db
      .insert(transfers)
      .values({
        number,
        fromLocationId: bag.from.id,
        toLocationId: bag.to.id,
        status: bag.status,
        carrier: bag.sentAt ? bag.carrier : '',
        trackingNumber: bag.sentAt ? trackingNumber(random, bag.carrier) : '',
        // The serial of the tamper-evident bag.
        bagLabel: `SB-${randomInt(random, 100_000, 999_999)}`,
        expectedOn: bag.expectedOn,
        createdBy: person,
        createdAt: createdAt,
        sentAt: bag.sentAt,
        sentBy: bag.sentAt ? person : null,
        receivedAt: bag.receivedAt,
        receivedBy: bag.receivedAt ? person : null,
        updatedAt: bag.receivedAt ?? bag.sentAt ?? createdAt,
      })
      .returning({ id: transfers.id });
    if (!row) throw new Error(`bag ${number} was not written`);
    await db.insert(transferItems).values(
      bag.items.map((item) => ({
        transferId: row.id,
        itemKind: item.job.itemKind,
        itemId: item.job.itemId,
        state: item.state,
        addedAt: createdAt,
        receivedAt: item.receivedAt,
      })),
    );
    bags += 1;
  };
  /** Arrivals of a bag's envelopes: the first scan after the carrier's drop, a minute or two apart. */
  const arrivals = (first: Date, count: number) =>
    Array.from(
      { length: count },
      (_, index) => new Date(first.getTime() + index * randomInt(random, 40, 150) * 1000),
    );

  const [home] = await db.select().from(locations).where(eq(locations.id, DEFAULT_LOCATION_ID));
  const workshop: TPlace = { id: DEFAULT_LOCATION_ID, name: home?.name ?? 'Workshop' };
  const today = calendarDayOf(now, 'UTC');
  // Weeks of received bags both ways: sent in the late afternoon, opened the next morning (a few late).
  for (let week = PAST_WEEKS; week >= 1; week -= 1) {
    for (const [index, store] of stores.entries()) {
      const jobs = jobsAt.get(store.id);
      if (!jobs) continue;
      for (const direction of ['toWorkshop', 'fromWorkshop'] as const) {
        const sentDay = calendarDayOf(
          weekdayAtOrBefore(
            new Date(now.getTime() - (week * 7 - index - (direction === 'toWorkshop' ? 0 : 3)) * DAY_MS),
          ),
          'UTC',
        );
        if (sentDay >= today) continue;
        const sentAt = atTime(sentDay, 16, randomInt(random, 0, 59));
        // Next morning, 9–12; one bag in six spends an extra day with the carrier.
        const delay = randomInt(random, 16, 19) + (randomInt(random, 1, 6) === 1 ? 24 : 0);
        const firstArrival = new Date(sentAt.getTime() + delay * HOUR_MS + randomInt(random, 0, 59) * 60_000);
        if (firstArrival >= now) continue;
        const envelopes = take(`${store.id}:${direction}`, jobs.delivered, randomInt(random, 2, 5));
        const at = arrivals(firstArrival, envelopes.length);
        await addBag({
          from: direction === 'toWorkshop' ? store : workshop,
          to: direction === 'toWorkshop' ? workshop : store,
          carrier: store.carriers[direction],
          status: 'received',
          sentAt,
          expectedOn: addDays(sentDay, 1),
          receivedAt: at.at(-1) ?? firstArrival,
          items: envelopes.map((job, i) => ({ job, state: 'received', receivedAt: at[i] ?? firstArrival })),
        });
      }
    }
  }

  const allDelivered = stores.flatMap((store) => jobsAt.get(store.id)?.delivered ?? []);
  // Castings out to the vendor and back, received in the past: four to six days there and back.
  for (const weeksAgo of [7, 5, 3]) {
    const sentDay = calendarDayOf(weekdayAtOrBefore(new Date(now.getTime() - weeksAgo * 7 * DAY_MS)), 'UTC');
    const sentAt = atTime(sentDay, 11, randomInt(random, 0, 59));
    const firstArrival = new Date(sentAt.getTime() + randomInt(random, 96, 140) * HOUR_MS);
    const envelopes = take('vendor', allDelivered, randomInt(random, 2, 3));
    const at = arrivals(firstArrival, envelopes.length);
    await addBag({
      from: workshop,
      to: vendor,
      carrier: DEMO_VENDOR.carrier,
      status: 'received',
      sentAt,
      expectedOn: addDays(sentDay, 5),
      receivedAt: at.at(-1) ?? firstArrival,
      items: envelopes.map((job, i) => ({ job, state: 'received', receivedAt: at[i] ?? firstArrival })),
    });
  }

  // The bags away now carry orders of their own, untagged at the workshop's readers: the simulator never reads
  // them at a workshop station, which would bring a piece back from the vendor or into the wrong store.
  const customers = z.array(z.object({ id: z.string() })).parse(
    (
      (await db.execute(sql`select id::text as id from customers order by name limit 20`)) as {
        rows: unknown[];
      }
    ).rows,
  );
  const freshOrders = async (
    count: number,
    values: { status: string; description: string; storeId: string; promisedInDays: number },
  ): Promise<TJobRef[]> => {
    const made: TJobRef[] = [];
    for (let i = 0; i < count && customers.length > 0; i += 1) {
      const { rows } = (await db.execute(sql`select nextval('order_number_seq')::int as seq`)) as {
        rows: { seq: number }[];
      };
      const number = formatOrderNumber(rows[0]?.seq ?? 0, ORDER_NUMBER_PREFIX);
      const id = crypto.randomUUID();
      await db.insert(orders).values({
        id,
        orderNumber: number,
        customerId: (customers[randomInt(random, 0, customers.length - 1)] as { id: string }).id,
        description: values.description,
        promisedDate: addDays(today, values.promisedInDays + i),
        status: values.status,
        intakeLocationId: values.storeId,
        pickupLocationId: values.storeId,
        searchText: `${number} ${values.description}`.toLowerCase(),
        createdAt: new Date(now.getTime() - 14 * DAY_MS),
      });
      made.push({ itemKind: 'order', itemId: id });
    }
    return made;
  };

  const [downtown, harbor] = stores;
  if (downtown && harbor) {
    const downtownOpen = await freshOrders(5, {
      status: 'new',
      description: 'Taken in at the Downtown Store for the workshop',
      storeId: downtown.id,
      promisedInDays: 12,
    });
    const harborOpen = await freshOrders(2, {
      status: 'ready',
      description: 'Finished at the workshop, on its way to the Harbor Store',
      storeId: harbor.id,
      promisedInDays: 2,
    });
    // Arrived short: Downtown's bag two working days ago, one envelope of three never turned up.
    const shortDay = calendarDayOf(weekdayAtOrBefore(new Date(now.getTime() - 2 * DAY_MS)), 'UTC');
    const shortSent = atTime(shortDay, 16, 20);
    const shortArrived = new Date(shortSent.getTime() + 17 * HOUR_MS);
    const shortJobs = downtownOpen.slice(0, 3);
    const shortAt = arrivals(shortArrived, shortJobs.length);
    if (shortArrived < now) {
      await addBag({
        from: downtown,
        to: workshop,
        carrier: downtown.carriers.toWorkshop,
        status: 'received_short',
        sentAt: shortSent,
        expectedOn: addDays(shortDay, 1),
        receivedAt: new Date(shortArrived.getTime() + 2 * HOUR_MS),
        items: shortJobs.map((job, i) =>
          i === shortJobs.length - 1
            ? { job, state: 'missing', receivedAt: null }
            : { job, state: 'received', receivedAt: shortAt[i] ?? shortArrived },
        ),
      });
    }
    // On its way now: the workshop's bag to Harbor, sent three hours ago, due tomorrow.
    await addBag({
      from: workshop,
      to: harbor,
      carrier: harbor.carriers.fromWorkshop,
      status: 'in_transit',
      sentAt: new Date(now.getTime() - 3 * HOUR_MS),
      expectedOn: addDays(today, 1),
      receivedAt: null,
      items: harborOpen.map((job) => ({ job, state: 'expected', receivedAt: null })),
    });
    // Being packed at Downtown for tonight's pickup.
    await addBag({
      from: downtown,
      to: workshop,
      carrier: downtown.carriers.toWorkshop,
      status: 'packing',
      sentAt: null,
      expectedOn: null,
      receivedAt: null,
      items: downtownOpen.slice(3).map((job) => ({ job, state: 'expected', receivedAt: null })),
    });
  }
  // At the casting house past the day it was due back.
  const vendorSentDay = calendarDayOf(weekdayAtOrBefore(new Date(now.getTime() - 8 * DAY_MS)), 'UTC');
  const castings = await freshOrders(2, {
    status: 'in_production',
    description: 'Cast in 18k yellow gold at the casting house',
    storeId: stores[0]?.id ?? DEFAULT_LOCATION_ID,
    promisedInDays: 6,
  });
  await addBag({
    from: workshop,
    to: vendor,
    carrier: DEMO_VENDOR.carrier,
    status: 'in_transit',
    sentAt: atTime(vendorSentDay, 11, 5),
    expectedOn: addDays(vendorSentDay, 5),
    receivedAt: null,
    items: castings.map((job) => ({ job, state: 'expected', receivedAt: null })),
  });

  return { stores: stores.map((store) => store.name), vendor: vendor.name, bags, jobsAtStores };
}
