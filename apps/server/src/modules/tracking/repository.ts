import { type TTrackedItemKind, ZTrackedItemKindSchema } from '@loupe/domain/tracking/tracking-api';
import { type TTrackingStatus, ZTrackingStatusSchema } from '@loupe/domain/tracking/tracking-status';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import {
  customers,
  departments,
  itemChanges,
  locationHistory,
  orders,
  repairs,
  stations,
  trackedItems,
} from '../../db/schema.ts';

export type TTrackedItemRow = typeof trackedItems.$inferSelect;
export type TLocationHistoryRow = typeof locationHistory.$inferSelect;
export type TDepartmentRow = typeof departments.$inferSelect;
export type TStationRow = typeof stations.$inferSelect;

/** The order or repair a tracked item is: its readable number, customer and business status. */
export type TItemRef = {
  readonly kind: TTrackedItemKind;
  readonly id: string;
  readonly number: string;
  readonly customerName: string;
  /** The order's or repair's own status (not the tracking status), for the order/repair events. */
  readonly status: string;
};

/** A tracked item with what its answers show: the item's number and where it stands, by name. */
export type TTrackedItemView = TTrackedItemRow & {
  readonly number: string;
  readonly departmentName: string | null;
  readonly machineId: string | null;
  readonly stationName: string | null;
  readonly stationAntenna: number | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Order and repair ids are UUIDs; anything else names no item (and must not reach a uuid column). */
export function isItemId(value: string): boolean {
  return UUID.test(value);
}

/** The SQL of tracking. Built on the database or on a transaction (`createTrackingRepository(tx)`). */
export function createTrackingRepository(db: TDatabase) {
  async function findItem(kind: TTrackedItemKind, id: string): Promise<TItemRef | undefined> {
    if (!isItemId(id)) return undefined;
    if (kind === 'order') {
      const [row] = await db
        .select({
          id: orders.id,
          number: orders.orderNumber,
          status: orders.status,
          customerName: customers.name,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, id))
        .limit(1);
      return row && { kind, ...row };
    }
    const [row] = await db
      .select({
        id: repairs.id,
        number: repairs.repairNumber,
        status: repairs.status,
        customerName: customers.name,
      })
      .from(repairs)
      .innerJoin(customers, eq(customers.id, repairs.customerId))
      .where(eq(repairs.id, id))
      .limit(1);
    return row && { kind, ...row };
  }

  /** Tracked items with their number and current department and station, by name. */
  function selectViews() {
    return db
      .select({
        item: trackedItems,
        orderNumber: orders.orderNumber,
        repairNumber: repairs.repairNumber,
        departmentName: departments.name,
        machineId: departments.machineId,
        stationName: stations.name,
        stationAntenna: stations.antennaNumber,
      })
      .from(trackedItems)
      .leftJoin(orders, and(eq(trackedItems.itemKind, 'order'), eq(orders.id, trackedItems.itemId)))
      .leftJoin(repairs, and(eq(trackedItems.itemKind, 'repair'), eq(repairs.id, trackedItems.itemId)))
      .leftJoin(departments, eq(departments.id, trackedItems.currentDepartmentId))
      .leftJoin(stations, eq(stations.id, trackedItems.currentStationId));
  }

  type TViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

  function toView(row: TViewRow): TTrackedItemView {
    return {
      ...row.item,
      number: row.orderNumber ?? row.repairNumber ?? '',
      departmentName: row.departmentName,
      machineId: row.machineId,
      stationName: row.stationName,
      stationAntenna: row.stationAntenna,
    };
  }

  return {
    findItem,

    /** `forUpdate` locks the row until the transaction ends, so two moves of one item take turns. */
    async findTracked(
      kind: TTrackedItemKind,
      itemId: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<TTrackedItemRow | undefined> {
      if (!isItemId(itemId)) return undefined;
      const query = db
        .select()
        .from(trackedItems)
        .where(and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, itemId)))
        .limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async findTrackedByEpc(
      epc: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<TTrackedItemRow | undefined> {
      const query = db.select().from(trackedItems).where(eq(trackedItems.epc, epc)).limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /**
     * Locks the tracked rows a batch will touch, in one fixed order, before it touches any: two batches
     * naming the same items in different orders then wait for each other instead of deadlocking.
     */
    async lockTracked(epcs: readonly string[], items: readonly { kind: TTrackedItemKind; id: string }[]) {
      const ids = items.filter((item) => isItemId(item.id)).map((item) => item.id);
      if (epcs.length === 0 && ids.length === 0) return;
      await db
        .select({ epc: trackedItems.epc })
        .from(trackedItems)
        .where(
          or(
            epcs.length > 0 ? inArray(trackedItems.epc, [...epcs]) : undefined,
            ids.length > 0 ? inArray(trackedItems.itemId, ids) : undefined,
          ),
        )
        .orderBy(asc(trackedItems.itemKind), asc(trackedItems.itemId))
        .for('update');
    },

    async insertTracked(row: typeof trackedItems.$inferInsert): Promise<TTrackedItemRow> {
      const [inserted] = await db.insert(trackedItems).values(row).returning();
      if (!inserted) throw new Error('insert into tracked_items returned no row');
      return inserted;
    },

    async updateTracked(
      kind: TTrackedItemKind,
      itemId: string,
      changes: Partial<Omit<typeof trackedItems.$inferInsert, 'itemKind' | 'itemId'>>,
    ): Promise<TTrackedItemRow | undefined> {
      const [row] = await db
        .update(trackedItems)
        .set(changes)
        .where(and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, itemId)))
        .returning();
      return row;
    },

    async deleteTracked(kind: TTrackedItemKind, itemId: string): Promise<TTrackedItemRow | undefined> {
      if (!isItemId(itemId)) return undefined;
      const [row] = await db
        .delete(trackedItems)
        .where(and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, itemId)))
        .returning();
      return row;
    },

    async findDepartment(id: string): Promise<TDepartmentRow | undefined> {
      const [row] = await db.select().from(departments).where(eq(departments.id, id)).limit(1);
      return row;
    },

    async findStation(id: string): Promise<TStationRow | undefined> {
      const [row] = await db.select().from(stations).where(eq(stations.id, id)).limit(1);
      return row;
    },

    /** A station's lastSeen only moves forward. */
    async touchStation(id: string, at: Date): Promise<void> {
      await db
        .update(stations)
        .set({ lastSeen: sql`greatest(${stations.lastSeen}, ${at.toISOString()}::timestamptz)` })
        .where(eq(stations.id, id));
    },

    async historyHasReadKey(readKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: locationHistory.id })
        .from(locationHistory)
        .where(eq(locationHistory.readKey, readKey))
        .limit(1);
      return row !== undefined;
    },

    /** Undefined when a row with the same read key is already there (a redelivered read). */
    async insertHistory(row: typeof locationHistory.$inferInsert): Promise<TLocationHistoryRow | undefined> {
      const [inserted] = await db
        .insert(locationHistory)
        .values(row)
        .onConflictDoNothing({ target: locationHistory.readKey })
        .returning();
      return inserted;
    },

    /** Every arrival of these items, newest first, by item id. */
    async historyOf(
      kind: TTrackedItemKind,
      itemIds: readonly string[],
    ): Promise<Map<string, TLocationHistoryRow[]>> {
      const byItem = new Map<string, TLocationHistoryRow[]>();
      const ids = itemIds.filter(isItemId);
      if (ids.length === 0) return byItem;
      const rows = await db
        .select()
        .from(locationHistory)
        .where(and(eq(locationHistory.itemKind, kind), inArray(locationHistory.itemId, ids)))
        .orderBy(desc(locationHistory.arrivedAt), desc(locationHistory.id));
      for (const row of rows) {
        const list = byItem.get(row.itemId) ?? [];
        list.push(row);
        byItem.set(row.itemId, list);
      }
      return byItem;
    },

    async recordChange(change: {
      kind: TTrackedItemKind;
      itemId: string;
      at: Date;
      actorId: string | null;
      action: 'epc-assigned' | 'tracking-stopped' | 'expected-offsite-changed' | 'returned-from-offsite';
      changes: Record<string, { from: unknown; to: unknown }>;
    }): Promise<void> {
      await db.insert(itemChanges).values({
        itemKind: change.kind,
        itemId: change.itemId,
        at: change.at,
        actorId: change.actorId,
        action: change.action,
        changes: change.changes,
      });
    },

    async listViews(kind: TTrackedItemKind): Promise<TTrackedItemView[]> {
      const number = kind === 'order' ? orders.orderNumber : repairs.repairNumber;
      const rows = await selectViews().where(eq(trackedItems.itemKind, kind)).orderBy(asc(number));
      return rows.map(toView);
    },

    async findView(kind: TTrackedItemKind, itemId: string): Promise<TTrackedItemView | undefined> {
      if (!isItemId(itemId)) return undefined;
      const [row] = await selectViews()
        .where(and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, itemId)))
        .limit(1);
      return row && toView(row);
    },

    /** Tracked items by kind and client status. */
    async countByKindAndStatus(): Promise<{ kind: string; status: string; total: number }[]> {
      return db
        .select({ kind: trackedItems.itemKind, status: trackedItems.status, total: count() })
        .from(trackedItems)
        .groupBy(trackedItems.itemKind, trackedItems.status);
    },

    /** Items standing in each department, by department name; offsite items are not in a department. */
    async countByDepartment(): Promise<{ name: string; total: number }[]> {
      return db
        .select({ name: departments.name, total: count() })
        .from(trackedItems)
        .innerJoin(departments, eq(departments.id, trackedItems.currentDepartmentId))
        .where(ne(trackedItems.status, 'offsite'))
        .groupBy(departments.name)
        .orderBy(asc(departments.name));
    },

    /** Offsite orders and repairs with customer and last location, newest detection first. */
    async listOffsite() {
      const number = sql<string>`coalesce(${orders.orderNumber}, ${repairs.repairNumber})`;
      return db
        .select({
          itemKind: trackedItems.itemKind,
          itemId: trackedItems.itemId,
          number,
          customerName: customers.name,
          epc: trackedItems.epc,
          lastSeenAt: trackedItems.lastSeenAt,
          offsiteDetectedAt: trackedItems.offsiteDetectedAt,
          expectedOffsite: trackedItems.expectedOffsite,
          departmentName: departments.name,
          stationName: stations.name,
        })
        .from(trackedItems)
        .leftJoin(orders, and(eq(trackedItems.itemKind, 'order'), eq(orders.id, trackedItems.itemId)))
        .leftJoin(repairs, and(eq(trackedItems.itemKind, 'repair'), eq(repairs.id, trackedItems.itemId)))
        .innerJoin(customers, sql`${customers.id} = coalesce(${orders.customerId}, ${repairs.customerId})`)
        .leftJoin(departments, eq(departments.id, trackedItems.currentDepartmentId))
        .leftJoin(stations, eq(stations.id, trackedItems.currentStationId))
        .where(eq(trackedItems.status, 'offsite'))
        .orderBy(desc(trackedItems.offsiteDetectedAt), asc(number));
    },

    /** The items standing at a station now (not offsite), longest there first. */
    async listAtStation(stationId: string, kinds: readonly TTrackedItemKind[]) {
      const number = sql<string>`coalesce(${orders.orderNumber}, ${repairs.repairNumber})`;
      return db
        .select({
          itemKind: trackedItems.itemKind,
          itemId: trackedItems.itemId,
          number,
          customerName: customers.name,
          epc: trackedItems.epc,
          status: trackedItems.status,
          arrivedAt: trackedItems.arrivedAt,
          lastSeenAt: trackedItems.lastSeenAt,
        })
        .from(trackedItems)
        .leftJoin(orders, and(eq(trackedItems.itemKind, 'order'), eq(orders.id, trackedItems.itemId)))
        .leftJoin(repairs, and(eq(trackedItems.itemKind, 'repair'), eq(repairs.id, trackedItems.itemId)))
        .innerJoin(customers, sql`${customers.id} = coalesce(${orders.customerId}, ${repairs.customerId})`)
        .where(
          and(
            eq(trackedItems.currentStationId, stationId),
            ne(trackedItems.status, 'offsite'),
            inArray(trackedItems.itemKind, [...kinds]),
          ),
        )
        .orderBy(asc(trackedItems.arrivedAt), asc(number));
    },

    /** Active items unseen since `seenBefore`, locked for the sweep that marks them. */
    async offsiteCandidates(seenBefore: Date): Promise<TTrackedItemRow[]> {
      return db
        .select()
        .from(trackedItems)
        .where(
          and(
            eq(trackedItems.status, 'active' satisfies TTrackingStatus),
            isNotNull(trackedItems.lastSeenAt),
            lt(trackedItems.lastSeenAt, seenBefore),
          ),
        )
        .orderBy(asc(trackedItems.itemKind), asc(trackedItems.itemId))
        .for('update');
    },
  };
}

export type TTrackingRepository = ReturnType<typeof createTrackingRepository>;

/** The stored status; a value this version does not know reads as active, as spec §4 does for the backend's. */
export function trackingStatusOf(value: string): TTrackingStatus {
  const parsed = ZTrackingStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : 'active';
}

/** The kind of a stored row; only the tracking module writes it, so anything else is a bug. */
export function itemKindOf(row: { readonly itemKind: string }): TTrackedItemKind {
  return ZTrackedItemKindSchema.parse(row.itemKind);
}
