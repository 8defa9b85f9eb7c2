import { formatOrderNumber } from '@loupe/domain/orders/order';
import { DEFAULT_LOCATION_ID } from '@loupe/domain/registry/departments';
import { formatRepairNumber } from '@loupe/domain/repairs/repair';
import { and, eq } from 'drizzle-orm';
import type { TDatabase } from '../../src/db/client.ts';
import { customers } from '../../src/db/schema/catalog.ts';
import { itemChanges, orders, repairs } from '../../src/db/schema/jobs.ts';
import { departments, locations, stations } from '../../src/db/schema/registry.ts';
import { locationHistory, trackedItems } from '../../src/db/schema/tracking.ts';
import type { TClock } from '../../src/lib/clock.ts';

/**
 * Rows for tracking tests, inserted straight with drizzle: the registry, customers, orders and repairs
 * have modules of their own, and these tests must not depend on them. One instance per database.
 *
 * `clock` is the test app's: orders and repairs are created at its time, not the database's. Tests move
 * that clock, and a job is in its first phase since it was created: made at the database's time, a job
 * looked hours or days old (or not yet made) to the app, and the result hung on the time of day.
 */
export function createTrackingFixtures(db: TDatabase, clock?: TClock) {
  let departmentSeq = 0;
  let stationSeq = 0;
  let itemSeq = 0;
  let epcSeq = 0;

  async function ensureLocation(): Promise<void> {
    await db
      .insert(locations)
      .values({ id: DEFAULT_LOCATION_ID, name: 'Main workshop' })
      .onConflictDoNothing();
  }

  /** A job's creation time: the one given, else the clock's, else the database's default. */
  function createdAt(given: Date | undefined): { createdAt?: Date; updatedAt?: Date } {
    const at = given ?? clock?.();
    return at ? { createdAt: at, updatedAt: at } : {};
  }

  async function customer(name = 'Ada Lovelace') {
    const [row] = await db.insert(customers).values({ name, searchText: name.toLowerCase() }).returning();
    if (!row) throw new Error('customer not inserted');
    return row;
  }

  return {
    customer,

    /** A department of LOC001; ids DEPT9xx keep clear of what other suites make. */
    async department(input: { name?: string; gradient?: string; machineId?: string | null } = {}) {
      await ensureLocation();
      departmentSeq += 1;
      const id = `DEPT${900 + departmentSeq}`;
      const [row] = await db
        .insert(departments)
        .values({
          id,
          name: input.name ?? `Department ${departmentSeq}`,
          gradient: input.gradient ?? 'from-amber-500 to-orange-600',
          iconName: 'Hammer',
          locationId: DEFAULT_LOCATION_ID,
          machineId: input.machineId ?? null,
        })
        .returning();
      if (!row) throw new Error('department not inserted');
      return row;
    },

    async station(departmentId: string, input: { name?: string; antennaNumber?: number } = {}) {
      stationSeq += 1;
      const [row] = await db
        .insert(stations)
        .values({
          id: `STATION${String(900_000 + stationSeq)}`,
          departmentId,
          name: input.name ?? `Bench ${stationSeq}`,
          antennaNumber: input.antennaNumber ?? 1,
          position: stationSeq,
        })
        .returning();
      if (!row) throw new Error('station not inserted');
      return row;
    },

    /** An order, created at `createdAt` or else at the clock's time. */
    async order(input: { customerName?: string; status?: string; createdAt?: Date } = {}) {
      const owner = await customer(input.customerName);
      itemSeq += 1;
      const orderNumber = formatOrderNumber(itemSeq);
      const [row] = await db
        .insert(orders)
        .values({
          orderNumber,
          customerId: owner.id,
          status: input.status ?? 'in_production',
          searchText: orderNumber.toLowerCase(),
          ...createdAt(input.createdAt),
        })
        .returning();
      if (!row) throw new Error('order not inserted');
      return row;
    },

    /** A repair, created at the clock's time. */
    async repair(input: { customerName?: string; status?: string } = {}) {
      const owner = await customer(input.customerName);
      itemSeq += 1;
      const repairNumber = formatRepairNumber(itemSeq);
      const [row] = await db
        .insert(repairs)
        .values({
          repairNumber,
          customerId: owner.id,
          itemDescription: 'Gold ring, loose prong',
          status: input.status ?? 'received',
          searchText: repairNumber.toLowerCase(),
          ...createdAt(undefined),
        })
        .returning();
      if (!row) throw new Error('repair not inserted');
      return row;
    },

    /** A fresh, normalized EPC (24 hex digits, as Gen2 tags carry). */
    epc(): string {
      epcSeq += 1;
      return `E28011600000${String(epcSeq).padStart(12, '0')}`;
    },

    async trackedRow(kind: 'order' | 'repair', itemId: string) {
      const [row] = await db
        .select()
        .from(trackedItems)
        .where(and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, itemId)));
      return row;
    },

    async historyRows(kind: 'order' | 'repair', itemId: string) {
      return db
        .select()
        .from(locationHistory)
        .where(and(eq(locationHistory.itemKind, kind), eq(locationHistory.itemId, itemId)));
    },

    async changes(kind: 'order' | 'repair', itemId: string) {
      return db
        .select()
        .from(itemChanges)
        .where(and(eq(itemChanges.itemKind, kind), eq(itemChanges.itemId, itemId)));
    },

    async stationRow(id: string) {
      const [row] = await db.select().from(stations).where(eq(stations.id, id));
      return row;
    },
  };
}

export type TTrackingFixtures = ReturnType<typeof createTrackingFixtures>;
