import { formatOrderNumber } from '@loupe/domain/orders/order';
import { DEFAULT_LOCATION_ID } from '@loupe/domain/registry/departments';
import { formatRepairNumber } from '@loupe/domain/repairs/repair';
import { and, eq } from 'drizzle-orm';
import type { TDatabase } from '../../src/db/client.ts';
import { customers } from '../../src/db/schema/catalog.ts';
import { itemChanges, orders, repairs } from '../../src/db/schema/jobs.ts';
import { departments, locations, stations } from '../../src/db/schema/registry.ts';
import { locationHistory, trackedItems } from '../../src/db/schema/tracking.ts';

/**
 * Rows for tracking tests, inserted straight with drizzle: the registry, customers, orders and repairs
 * have modules of their own, and these tests must not depend on them. One instance per database.
 */
export function createTrackingFixtures(db: TDatabase) {
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

    /**
     * An order; `createdAt` gives it the time of a test's clock rather than the database's (a job is in its first
     * phase since it was created).
     */
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
          ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
        })
        .returning();
      if (!row) throw new Error('order not inserted');
      return row;
    },

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
