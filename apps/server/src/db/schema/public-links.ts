import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// Public links (issue 15 §6): a job's tracking page, a design revision's approval page.

/**
 * Public tracking links (issue 15 §6): `/t/{token}` shows one job's stage to whoever holds it. The token is
 * looked up by its SHA-256 (`tokenHash`) and kept encrypted (`tokenSealed`, SECRET_KEY) so staff can show
 * the same link again; the database alone holds no usable link (docs/security.md, "Public links"). At most
 * one live link per job; a revoked one stays for the record and a new one may be issued.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('tracking_links_live_idx')
      .on(table.itemKind, table.itemId)
      .where(sql`${table.revokedAt} is null`),
  ],
);
