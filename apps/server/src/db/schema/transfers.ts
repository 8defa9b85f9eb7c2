import { sql } from 'drizzle-orm';
import { date, index, pgSequence, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { locations } from './registry.ts';
import { users } from './users.ts';

// Transfers between facilities (issue 39): bags of envelopes from one location to another, and their manifests.

/** Readable bag numbers (TRF-00001) come from this sequence. */
export const transferNumberSequence = pgSequence('transfer_number_seq', { startWith: 1 });

/** One bag: packed at `from`, sent with a carrier, received (or received short) at `to`. */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    fromLocationId: text('from_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    toLocationId: text('to_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    // packing, in_transit, received, received_short or cancelled.
    status: text('status').notNull().default('packing'),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    bagLabel: text('bag_label').notNull().default(''),
    // The date it should arrive (send date + the route's transit days), or a vendor's date to send it back.
    expectedOn: date('expected_on', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('transfers_from_idx').on(table.fromLocationId, table.status),
    index('transfers_to_idx').on(table.toLocationId, table.status),
    index('transfers_created_idx').on(table.createdAt, table.id),
    // Open bags (packing or on their way) are what every read looks up.
    index('transfers_open_idx').on(table.status).where(sql`${table.status} in ('packing', 'in_transit')`),
  ],
);

/** A bag's manifest: each envelope, its state (expected, received, missing, extra) and when it arrived. */
export const transferItems = pgTable(
  'transfer_items',
  {
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    // The tag on the envelope when it went into the bag (null: an untagged envelope, received by a scan).
    epc: text('epc'),
    state: text('state').notNull().default('expected'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.transferId, table.itemKind, table.itemId] }),
    index('transfer_items_item_idx').on(table.itemKind, table.itemId),
  ],
);
