import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { orders } from './jobs.ts';
import { users } from './users.ts';

// Design requests (issue 17): an order's design work and its revisions.

/**
 * An order's design work: one request per order, worked by a designer through numbered revisions until the
 * customer approves one. `status` is one of DESIGN_REQUEST_STATUSES (packages/domain/src/designs).
 */
export const designRequests = pgTable(
  'design_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    designerId: uuid('designer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    brief: text('brief').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('design_requests_status_idx').on(table.status, table.updatedAt)],
);

/**
 * A numbered revision of a request: its files are attachments (owner kind `design-revision`); its approval
 * link a `tracking_links` row of item kind `design-revision` (docs/decisions/010). The customer's answer is
 * written once with their typed name and its time: `decision` is null until then.
 */
export const designRevisions = pgTable(
  'design_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => designRequests.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decision: text('decision'),
    decisionComment: text('decision_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The name the customer typed to confirm their answer (issue 35 §7); null before and for older answers. */
    decidedByName: text('decided_by_name'),
  },
  (table) => [uniqueIndex('design_revisions_number_idx').on(table.requestId, table.number)],
);
