import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// What browsers report of themselves (issue 36 §2): errors and request timings, each with the user, the app
// route and the correlation id, kept CLIENT_TELEMETRY.retentionMs. Nothing personal beyond the user id.

export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When it happened in the browser. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    // The one personal field; a deleted user's reports stay, no longer theirs.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route').notNull(),
    correlationId: text('correlation_id'),
    clientVersion: text('client_version'),
  },
  (table) => [index('client_errors_received_at_idx').on(table.receivedAt)],
);

export const clientRequestMetrics = pgTable(
  'client_request_metrics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    // The one personal field; a deleted user's reports stay, no longer theirs.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    route: text('route').notNull(),
    correlationId: text('correlation_id'),
  },
  (table) => [
    index('client_request_metrics_received_at_idx').on(table.receivedAt),
    index('client_request_metrics_slow_idx').on(table.durationMs, table.receivedAt),
  ],
);
