import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The answers kept for Idempotency-Keys (issue 36 §5): one row per user and key, for 24 hours, in the
 * database so that a retry reaching another instance gets the same answer. `status` is null while the
 * first request is still being worked on.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // A deleted user's kept answers go with them.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** 'POST /api/v1/orders': the route the key was first used on. */
    route: text('route').notNull(),
    /** SHA-256 of the method, the address and the body: a different request under the same key is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
