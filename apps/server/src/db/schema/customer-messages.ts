import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './catalog.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// The customer-message outbox (issue 15 §5).

/**
 * The customer-message outbox (issue 15 §5): one row per message and channel, rendered when queued. A periodic
 * sweep sends what is due (`status` queued, `nextAttemptAt` passed) and, on failure, waits longer each time
 * until MAX_DELIVERY_ATTEMPTS; `nextAttemptAt` also serves as a short lease while a sweep is sending it.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobKind: text('job_kind').notNull(),
    jobId: uuid('job_id').notNull(),
    jobNumber: text('job_number').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    // The provider's id of a sent SMS (Twilio's `sid`), for support questions.
    providerId: text('provider_id'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_messages_due_idx').on(table.status, table.nextAttemptAt),
    index('customer_messages_job_idx').on(table.jobKind, table.jobId, table.createdAt),
    index('customer_messages_created_idx').on(table.createdAt),
  ],
);
