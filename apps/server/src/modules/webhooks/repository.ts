import type { TCursor } from '@loupe/domain/api/list';
import { and, desc, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/webhooks.ts';

export type TWebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type TWebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type TNewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

/** How many deliveries one sweep attempts at most; the rest wait for the next. */
const BATCH = 25;

export function createWebhooksRepository(db: TDatabase) {
  return {
    async insertSubscription(
      values: typeof webhookSubscriptions.$inferInsert,
    ): Promise<TWebhookSubscriptionRow> {
      const [row] = await db.insert(webhookSubscriptions).values(values).returning();
      if (!row) throw new Error('webhook subscription insert returned nothing');
      return row;
    },

    async listSubscriptions(): Promise<TWebhookSubscriptionRow[]> {
      return db
        .select()
        .from(webhookSubscriptions)
        .orderBy(webhookSubscriptions.createdAt, webhookSubscriptions.id);
    },

    /** The enabled subscriptions: a batch of events is matched against them in memory (service.ts). */
    async enabledSubscriptions(): Promise<TWebhookSubscriptionRow[]> {
      return db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.enabled, true));
    },

    async findSubscription(id: string): Promise<TWebhookSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.id, id))
        .limit(1);
      return row;
    },

    async updateSubscription(
      id: string,
      values: Partial<typeof webhookSubscriptions.$inferInsert>,
    ): Promise<TWebhookSubscriptionRow | undefined> {
      const [row] = await db
        .update(webhookSubscriptions)
        .set(values)
        .where(eq(webhookSubscriptions.id, id))
        .returning();
      return row;
    },

    /** The first failure since the last success, kept if one is recorded already. */
    async markFailing(id: string, at: Date): Promise<TWebhookSubscriptionRow | undefined> {
      const [row] = await db
        .update(webhookSubscriptions)
        .set({
          failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookSubscriptions.id, id))
        .returning();
      return row;
    },

    /**
     * Disables a subscription that is still enabled; the answer says whether this call did it (so that one
     * instance, once, tells the admin).
     */
    async disable(id: string, at: Date, reason: string): Promise<boolean> {
      const rows = await db
        .update(webhookSubscriptions)
        .set({ enabled: false, disabledAt: at, disabledReason: reason })
        .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.enabled, true)))
        .returning({ id: webhookSubscriptions.id });
      return rows.length > 0;
    },

    async deleteSubscription(id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookSubscriptions)
        .where(eq(webhookSubscriptions.id, id))
        .returning({ id: webhookSubscriptions.id });
      return rows.length > 0;
    },

    /** Every active admin: told when a subscription whose creator is gone is disabled. */
    async activeAdminIds(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
      return rows.map((row) => row.id);
    },

    async insertDeliveries(rows: TNewWebhookDelivery[]): Promise<TWebhookDeliveryRow[]> {
      if (rows.length === 0) return [];
      return db.insert(webhookDeliveries).values(rows).returning();
    },

    /**
     * Takes the due deliveries of enabled subscriptions for one sweep: their next attempt moves to
     * `leaseUntil`, so another instance's sweep skips them (SKIP LOCKED), and an instance that stops mid-attempt
     * only delays them: after the lease the next sweep tries again, with the same webhook-id.
     */
    async claimDue(now: Date, leaseUntil: Date): Promise<TWebhookDeliveryRow[]> {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, now),
            eq(webhookSubscriptions.enabled, true),
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(BATCH)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      return db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: leaseUntil })
        .where(inArray(webhookDeliveries.id, due))
        .returning();
    },

    async updateDelivery(
      id: string,
      values: Partial<typeof webhookDeliveries.$inferInsert>,
    ): Promise<TWebhookDeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set(values)
        .where(eq(webhookDeliveries.id, id))
        .returning();
      return row;
    },

    /** Pending deliveries of a subscription that was disabled: failed, replayable from the log. */
    async failPending(subscriptionId: string, reason: string): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, lastError: reason })
        .where(
          and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, 'pending')),
        );
    },

    async findDelivery(id: string): Promise<TWebhookDeliveryRow | undefined> {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
      return row;
    },

    /** The log, newest first, a page after `cursor` (the last row's creation time and id). */
    async listDeliveries(query: {
      readonly subscriptionId?: string | undefined;
      readonly status?: string | undefined;
      readonly limit: number;
      readonly after: TCursor | null;
    }): Promise<{ rows: TWebhookDeliveryRow[]; total: number }> {
      const filters: SQL[] = [];
      if (query.subscriptionId) filters.push(eq(webhookDeliveries.subscriptionId, query.subscriptionId));
      if (query.status) filters.push(eq(webhookDeliveries.status, query.status));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const after = query.after;
      const page =
        after && typeof after.value === 'string'
          ? or(
              lt(webhookDeliveries.createdAt, new Date(after.value)),
              and(eq(webhookDeliveries.createdAt, new Date(after.value)), lt(webhookDeliveries.id, after.id)),
            )
          : undefined;
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(and(where, page))
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(query.limit),
        db.select({ total: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },
  };
}

export type TWebhooksRepository = ReturnType<typeof createWebhooksRepository>;
