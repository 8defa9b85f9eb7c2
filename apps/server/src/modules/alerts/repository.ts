import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import {
  alerts,
  orders,
  readers,
  repairs,
  rfidUnresolvedReads,
  stations,
  trackedItems,
  users,
} from '../../db/schema.ts';

export type TAlertRow = typeof alerts.$inferSelect;
export type TAlertListRow = TAlertRow & { acknowledgedByName: string | null; resolvedByName: string | null };

const personName = (table: typeof users) =>
  sql<
    string | null
  >`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.email})`;

/** A tracked piece with its job's number and the station it is at. */
export type TTrackedPiece = {
  kind: 'order' | 'repair';
  id: string;
  number: string;
  stationName: string | null;
  since: Date;
};

/** SQL of alerts: the conditions they watch (tracked pieces, readers, unresolved reads) and the alerts themselves. */
export function createAlertsRepository(db: TDatabase) {
  async function pieces(where: ReturnType<typeof and>, since: SQL<Date | null>) {
    const rows = await db
      .select({
        kind: trackedItems.itemKind,
        id: trackedItems.itemId,
        orderNumber: orders.orderNumber,
        repairNumber: repairs.repairNumber,
        stationName: stations.name,
        since,
      })
      .from(trackedItems)
      .leftJoin(orders, and(eq(trackedItems.itemKind, 'order'), eq(orders.id, trackedItems.itemId)))
      .leftJoin(repairs, and(eq(trackedItems.itemKind, 'repair'), eq(repairs.id, trackedItems.itemId)))
      .leftJoin(stations, eq(stations.id, trackedItems.currentStationId))
      .where(where);
    return rows.flatMap((row): TTrackedPiece[] => {
      const number = row.orderNumber ?? row.repairNumber;
      if (number === null || row.since === null || (row.kind !== 'order' && row.kind !== 'repair')) return [];
      return [{ kind: row.kind, id: row.id, number, stationName: row.stationName, since: row.since }];
    });
  }

  return {
    /** Pieces in the workshop that arrived at their station before `before` and have not moved since. */
    stuckPieces(before: Date): Promise<TTrackedPiece[]> {
      return pieces(
        and(
          inArray(trackedItems.status, ['active', 'returned']),
          isNotNull(trackedItems.currentStationId),
          lt(trackedItems.arrivedAt, before),
        ),
        sql<Date | null>`${trackedItems.arrivedAt}`.mapWith(trackedItems.arrivedAt),
      );
    },

    /** Pieces offsite since before `before`. */
    offsitePieces(before: Date): Promise<TTrackedPiece[]> {
      return pieces(
        and(eq(trackedItems.status, 'offsite'), lt(trackedItems.offsiteDetectedAt, before)),
        sql<Date | null>`${trackedItems.offsiteDetectedAt}`.mapWith(trackedItems.offsiteDetectedAt),
      );
    },

    /** Readers heard from once, silent since before `before`. */
    async silentReaders(before: Date) {
      return db
        .select({ id: readers.id, name: readers.name, lastHeartbeat: readers.lastHeartbeat })
        .from(readers)
        .where(and(isNotNull(readers.lastHeartbeat), lt(readers.lastHeartbeat, before)));
    },

    /** Antennas whose reads Loupe could not place, still happening since `since`. */
    async unresolvedSince(since: Date) {
      return db
        .select({
          reason: rfidUnresolvedReads.reason,
          readerId: rfidUnresolvedReads.readerId,
          antenna: rfidUnresolvedReads.antenna,
          reads: rfidUnresolvedReads.reads,
          lastEpc: rfidUnresolvedReads.lastEpc,
        })
        .from(rfidUnresolvedReads)
        .where(gte(rfidUnresolvedReads.lastSeenAt, since));
    },

    async openAlerts(): Promise<TAlertRow[]> {
      return db.select().from(alerts).where(isNull(alerts.resolvedAt));
    },

    /** Alerts a person resolved whose cause has not been seen gone since: they keep it from being raised again. */
    async settledAlerts(): Promise<TAlertRow[]> {
      return db
        .select()
        .from(alerts)
        .where(and(isNotNull(alerts.resolvedAt), isNull(alerts.clearedAt), isNull(alerts.causeEndedAt)));
    },

    async endCauses(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(alerts)
        .set({ causeEndedAt: at })
        .where(inArray(alerts.id, [...ids]));
    },

    /** Inserts a raised alert; undefined when its cause has one open already (another instance raced us). */
    async insertAlert(row: typeof alerts.$inferInsert): Promise<TAlertRow | undefined> {
      const [inserted] = await db.insert(alerts).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async clear(ids: readonly string[], at: Date, note: string): Promise<TAlertRow[]> {
      if (ids.length === 0) return [];
      return db
        .update(alerts)
        .set({ resolvedAt: at, clearedAt: at, resolutionNote: note })
        .where(and(inArray(alerts.id, [...ids]), isNull(alerts.resolvedAt)))
        .returning();
    },

    async list(filter: {
      id?: string;
      status?: 'open' | 'acknowledged' | 'resolved';
      severity?: string;
      rule?: string;
    }) {
      const statusWhere =
        filter.status === 'open'
          ? and(isNull(alerts.resolvedAt), isNull(alerts.acknowledgedAt))
          : filter.status === 'acknowledged'
            ? and(isNull(alerts.resolvedAt), isNotNull(alerts.acknowledgedAt))
            : filter.status === 'resolved'
              ? isNotNull(alerts.resolvedAt)
              : undefined;
      const rows = await db
        .select()
        .from(alerts)
        .where(
          and(
            statusWhere,
            filter.severity === undefined ? undefined : eq(alerts.severity, filter.severity),
            filter.rule === undefined ? undefined : eq(alerts.rule, filter.rule),
            filter.id === undefined ? undefined : eq(alerts.id, filter.id),
          ),
        )
        .orderBy(desc(alerts.raisedAt))
        .limit(500);
      const people = await this.namesOf(
        rows.flatMap((row) => [row.acknowledgedBy, row.resolvedBy]).filter((id): id is string => id !== null),
      );
      return rows.map(
        (row): TAlertListRow => ({
          ...row,
          acknowledgedByName: row.acknowledgedBy ? (people.get(row.acknowledgedBy) ?? null) : null,
          resolvedByName: row.resolvedBy ? (people.get(row.resolvedBy) ?? null) : null,
        }),
      );
    },

    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, name: personName(users) })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row.name ?? '']));
    },

    async find(id: string): Promise<TAlertRow | undefined> {
      const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
      return row;
    },

    async acknowledge(id: string, userId: string, at: Date): Promise<TAlertRow | undefined> {
      const [row] = await db
        .update(alerts)
        .set({ acknowledgedAt: at, acknowledgedBy: userId })
        .where(and(eq(alerts.id, id), isNull(alerts.resolvedAt), isNull(alerts.acknowledgedAt)))
        .returning();
      return row;
    },

    async resolve(id: string, userId: string, at: Date, note: string): Promise<TAlertRow | undefined> {
      const [row] = await db
        .update(alerts)
        .set({ resolvedAt: at, resolvedBy: userId, resolutionNote: note })
        .where(and(eq(alerts.id, id), isNull(alerts.resolvedAt)))
        .returning();
      return row;
    },

    /** Who hears of a raised alert in their bell: active admins and managers. */
    async alertRecipients(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.role, ['admin', 'manager']), eq(users.disabled, false)));
      return rows.map((row) => row.id);
    },
  };
}

export type TAlertsRepository = ReturnType<typeof createAlertsRepository>;
