import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { readers } from '../../db/schema/registry.ts';
import { rfidUnresolvedReads } from '../../db/schema/rfid.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../lib/service-errors.ts';

export type TAlertRow = typeof alerts.$inferSelect;
export type TAlertListRow = TAlertRow & { acknowledgedByName: string | null; resolvedByName: string | null };

const personName = (table: typeof users) =>
  sql<
    string | null
  >`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.email})`;

/** SQL of alerts: the conditions they watch (tracked pieces, readers, unresolved reads) and the alerts themselves. */
export function createAlertsRepository(db: TDatabase) {
  return {
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

    /** New words for open alerts whose cause reads differently now (the piece moved on). */
    async retell(changes: readonly { id: string; title: string; message: string }[]): Promise<TAlertRow[]> {
      const rows: TAlertRow[] = [];
      for (const change of changes) {
        const [row] = await db
          .update(alerts)
          .set({ title: change.title, message: change.message })
          .where(and(eq(alerts.id, change.id), isNull(alerts.resolvedAt)))
          .returning();
        if (row) rows.push(row);
      }
      return rows;
    },

    /** The latest alert of each cause that cleared by itself since `since`, by cause. */
    async recentlyCleared(causeKeys: readonly string[], since: Date): Promise<Map<string, TAlertRow>> {
      if (causeKeys.length === 0) return new Map();
      const rows = await db
        .select()
        .from(alerts)
        .where(and(inArray(alerts.causeKey, [...causeKeys]), gte(alerts.clearedAt, since)))
        .orderBy(desc(alerts.clearedAt));
      const latest = new Map<string, TAlertRow>();
      for (const row of rows) if (!latest.has(row.causeKey)) latest.set(row.causeKey, row);
      return latest;
    },

    /** Opens an alert that cleared by itself again, as it was (acknowledged or not), with its cause's words. */
    async reopen(id: string, words: { title: string; message: string }): Promise<TAlertRow | undefined> {
      const [row] = await db
        .update(alerts)
        .set({ ...words, resolvedAt: null, clearedAt: null, resolutionNote: null })
        .where(and(eq(alerts.id, id), isNotNull(alerts.clearedAt)))
        .returning()
        .catch((error: unknown) => {
          // Another instance raised or reopened this cause meanwhile: its open alert stands.
          if (isUniqueViolation(error)) return [];
          throw error;
        });
      return row;
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
