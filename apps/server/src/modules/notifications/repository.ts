import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { digestsSent, notifications } from '../../db/schema/alerts.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';
import { users } from '../../db/schema/users.ts';

export type TNotificationRow = typeof notifications.$inferSelect;

/** How many notices a bell lists; older ones stay counted until read. */
const LIST_LIMIT = 50;

/** SQL of the bell's notices. */
export function createNotificationsRepository(db: TDatabase) {
  return {
    async insert(rows: readonly (typeof notifications.$inferInsert)[]): Promise<TNotificationRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(notifications)
        .values([...rows])
        .returning();
    },

    async listOf(userId: string): Promise<{ items: TNotificationRow[]; unread: number }> {
      const items = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(LIST_LIMIT);
      const [unread] = await db
        .select({ value: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return { items, unread: unread?.value ?? 0 };
    },

    /** Marks one notice (or, without `id`, all) of a user read; another user's notice is never touched. */
    async markRead(userId: string, at: Date, id?: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            id === undefined ? undefined : eq(notifications.id, id),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Takes back the unread notices a cause raised (read ones stay, as history). Returns whose bells changed. */
    async withdraw(source: string): Promise<string[]> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.source, source), isNull(notifications.readAt)))
        .returning({ userId: notifications.userId });
      return [...new Set(rows.map((row) => row.userId))];
    },

    /** The e-mail addresses of active users, by id. */
    async emailsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(inArray(users.id, [...userIds]), eq(users.disabled, false)));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** Active users, for the daily digest. */
    async activeUsers(): Promise<{ id: string; role: string; email: string }[]> {
      return db
        .select({ id: users.id, role: users.role, email: users.email })
        .from(users)
        .where(eq(users.disabled, false));
    },

    /** Active users with what a mention can name them by. */
    async mentionableUsers() {
      return db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        })
        .from(users)
        .where(eq(users.disabled, false));
    },

    /** Claims a user's digest for a date: true once only, so no one gets the same day's digest twice. */
    async claimDigest(userId: string, date: string): Promise<boolean> {
      const rows = await db
        .insert(digestsSent)
        .values({ userId, date })
        .onConflictDoNothing()
        .returning({ userId: digestsSent.userId });
      return rows.length === 1;
    },

    async jobNumber(kind: string, id: string): Promise<string | null> {
      if (kind === 'order') {
        const [row] = await db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, id));
        return row?.number ?? null;
      }
      const [row] = await db.select({ number: repairs.repairNumber }).from(repairs).where(eq(repairs.id, id));
      return row?.number ?? null;
    },
  };
}

export type TNotificationsRepository = ReturnType<typeof createNotificationsRepository>;
