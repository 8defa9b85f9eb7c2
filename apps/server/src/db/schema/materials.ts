import type {
  TMaterialEntryType,
  TMaterialKind,
  TSignaturePurpose,
  TStoneDetails,
} from '@loupe/domain/jobs/materials';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The job envelope (issue 37 §4): what the customer left, where it went since, and who signed for it.

/**
 * A line of what came in with an order or repair (or was added during the work): a stone, metal by weight,
 * an item. Weights in thousandths of their unit: milligrams for metal and items, millicarats for stones.
 */
export const materialLines = pgTable(
  'material_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').$type<TMaterialKind>().notNull(),
    description: text('description').notNull(),
    count: integer('count').notNull(),
    weightMilli: integer('weight_milli'),
    stone: jsonb('stone').$type<TStoneDetails>(),
    metal: jsonb('metal').$type<{ alloy: string }>(),
    isIntake: boolean('is_intake').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('material_lines_item_idx').on(table.itemKind, table.itemId, table.position)],
);

/** Each movement of a line: received, added, issued to a bench, returned, used, checked out, short. */
export const materialEntries = pgTable(
  'material_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => materialLines.id, { onDelete: 'cascade' }),
    type: text('type').$type<TMaterialEntryType>().notNull(),
    count: integer('count').notNull(),
    weightMilli: integer('weight_milli'),
    holder: text('holder').notNull().default(''),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // The order entries were written in: several share a time (one pickup, a frozen test clock).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('material_entries_line_idx').on(table.lineId, table.seq)],
);

/** The customer's signature on the counter's tablet: at intake (they left these) and at pickup. */
export const jobSignatures = pgTable(
  'job_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    purpose: text('purpose').$type<TSignaturePurpose>().notNull(),
    signerName: text('signer_name').notNull(),
    /** A PNG data URL (a few kB). */
    image: text('image').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('job_signatures_item_idx').on(table.itemKind, table.itemId, table.signedAt)],
);
