import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Webhook subscriptions (issue 41): an address, the event types it wants, and its signing secret, sealed with
 * the secret box (lib/secret-box.ts; listed in modules/system/reseal-secrets.ts). `failingSince` is the first
 * failure since the last success; after 24 h of failures the subscription is disabled, with a reason.
 */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: jsonb('event_types').$type<string[]>().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  allowPrivateNetwork: boolean('allow_private_network').notNull().default(false),
  createdAt: createdAt(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
});

/**
 * The webhook outbox and delivery log: one row per event and subscription, written when the event is
 * announced; a background sweep sends what is due (`status` pending, `nextAttemptAt` passed), `nextAttemptAt`
 * doubling as the lease while an attempt is in flight. The id is the `webhook-id` header, the same on every
 * attempt and replay, so receivers drop duplicates by it. `attemptLog` keeps each attempt's status code.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    // The JSON body exactly as sent, so every attempt signs and sends the same bytes.
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    attemptLog: jsonb('attempt_log').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    // Where the 24 h of retries count from: the creation, or the last replay.
    retriesSince: timestamp('retries_since', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_log_idx').on(table.subscriptionId, table.createdAt),
    index('webhook_deliveries_created_idx').on(table.createdAt),
  ],
);
