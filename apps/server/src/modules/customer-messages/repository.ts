import type { TOutboxQuery } from '@loupe/domain/customer-messages/customer-messages';
import { and, desc, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { customerMessages } from '../../db/schema/customer-messages.ts';
import { orders, repairs } from '../../db/schema/jobs.ts';

export type TCustomerMessageRow = typeof customerMessages.$inferSelect;

/** How many messages one sweep sends at most; the rest wait for the next. */
const BATCH = 20;

export function createCustomerMessagesRepository(db: TDatabase) {
  return {
    async insert(rows: (typeof customerMessages.$inferInsert)[]): Promise<TCustomerMessageRow[]> {
      if (rows.length === 0) return [];
      return db.insert(customerMessages).values(rows).returning();
    },

    /** Whether the job's customer was already sent (or is being sent) this event on this channel. */
    async exists(jobKind: string, jobId: string, event: string, channel: string): Promise<boolean> {
      const [row] = await db
        .select({ id: customerMessages.id })
        .from(customerMessages)
        .where(
          and(
            eq(customerMessages.jobKind, jobKind),
            eq(customerMessages.jobId, jobId),
            eq(customerMessages.event, event),
            eq(customerMessages.channel, channel),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Takes the due messages for one sweep: their next attempt moves to `leaseUntil`, so another instance's
     * sweep skips them (SKIP LOCKED) and a crash mid-send only delays them.
     */
    async claimDue(now: Date, leaseUntil: Date): Promise<TCustomerMessageRow[]> {
      const due = db
        .select({ id: customerMessages.id })
        .from(customerMessages)
        .where(and(eq(customerMessages.status, 'queued'), lte(customerMessages.nextAttemptAt, now)))
        .orderBy(customerMessages.nextAttemptAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return db
        .update(customerMessages)
        .set({ nextAttemptAt: leaseUntil })
        .where(inArray(customerMessages.id, due))
        .returning();
    },

    async update(id: string, values: Partial<typeof customerMessages.$inferInsert>): Promise<void> {
      await db.update(customerMessages).set(values).where(eq(customerMessages.id, id));
    },

    async find(id: string): Promise<TCustomerMessageRow | undefined> {
      const [row] = await db.select().from(customerMessages).where(eq(customerMessages.id, id)).limit(1);
      return row;
    },

    async list(query: TOutboxQuery): Promise<TCustomerMessageRow[]> {
      return db
        .select()
        .from(customerMessages)
        .where(query.status ? eq(customerMessages.status, query.status) : undefined)
        .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
        .limit(query.limit);
    },

    /**
     * Open jobs (in `statuses`) older than `since` whose customer heard nothing from us since then: the
     * "still waiting" candidates. At most `limit` of each kind a sweep.
     */
    async quietJobs(
      kind: 'order' | 'repair',
      statuses: readonly string[],
      since: Date,
      limit: number,
    ): Promise<string[]> {
      const table = kind === 'order' ? orders : repairs;
      const heardSince = db
        .select({ one: sql`1` })
        .from(customerMessages)
        .where(
          and(
            eq(customerMessages.jobKind, kind),
            eq(customerMessages.jobId, table.id),
            gt(customerMessages.createdAt, since),
          ),
        );
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.status, [...statuses]), lte(table.createdAt, since), notExists(heardSince)))
        .orderBy(table.createdAt)
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type TCustomerMessagesRepository = ReturnType<typeof createCustomerMessagesRepository>;
