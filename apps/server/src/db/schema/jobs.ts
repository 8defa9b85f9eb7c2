import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, metalTypes, productTypes } from './catalog.ts';
import { createdAt } from './columns.ts';
import { designs } from './designs.ts';
import { locations } from './registry.ts';
import { users } from './users.ts';

// Orders and repairs, their readable numbers and their change history.

/** Readable numbers (ORD-00001, REP-00001) come from these sequences. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1 });
export const repairNumberSequence = pgSequence('repair_number_seq', { startWith: 1 });

/**
 * The columns orders and repairs both end with. Issue 39 §2: where the customer left the job and where they
 * collect it (LOC001 unless chosen at intake); its number, customer name and description, lower-cased, for the
 * list's search; who made it and when.
 */
function jobCommonColumns() {
  const location = (name: string) =>
    text(name)
      .notNull()
      .default('LOC001')
      .references(() => locations.id, { onDelete: 'restrict' });
  return {
    intakeLocationId: location('intake_location_id'),
    pickupLocationId: location('pickup_location_id'),
    searchText: text('search_text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The list's indexes of orders and repairs (`orders_created_idx`, …). */
function jobIndexes(
  name: 'orders' | 'repairs',
  table: Record<'id' | 'createdAt' | 'promisedDate' | 'status' | 'customerId', AnyPgColumn>,
  jobNumber: AnyPgColumn,
) {
  return [
    index(`${name}_created_idx`).on(table.createdAt, table.id),
    index(`${name}_promised_idx`).on(table.promisedDate, table.id),
    index(`${name}_status_idx`).on(table.status),
    index(`${name}_customer_idx`).on(table.customerId),
    // The list's sort by number goes by the number's digits, whatever the prefix (modules/jobs/item-list.ts).
    index(`${name}_number_digits_idx`).on(sql`((substring(${jobNumber} from '[0-9]+$'))::bigint)`, table.id),
  ];
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    productTypeId: uuid('product_type_id').references(() => productTypes.id, { onDelete: 'set null' }),
    metalTypeId: uuid('metal_type_id').references(() => metalTypes.id, { onDelete: 'set null' }),
    designId: uuid('design_id').references(() => designs.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    salespersonId: uuid('salesperson_id').references(() => users.id, { onDelete: 'set null' }),
    designerId: uuid('designer_id').references(() => users.id, { onDelete: 'set null' }),
    isRush: boolean('is_rush').notNull().default(false),
    promisedDate: date('promised_date', { mode: 'string' }),
    // Money in cents: no floating point near a customer's balance.
    priceCents: integer('price_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    status: text('status').notNull(),
    notes: text('notes').notNull().default(''),
    ...jobCommonColumns(),
  },
  (table) => jobIndexes('orders', table, table.orderNumber),
);

export const repairs = pgTable(
  'repairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repairNumber: text('repair_number').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    itemDescription: text('item_description').notNull(),
    repairTypes: jsonb('repair_types').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    conditionNotes: text('condition_notes').notNull().default(''),
    declaredValueCents: integer('declared_value_cents').notNull().default(0),
    estimateCents: integer('estimate_cents').notNull().default(0),
    promisedDate: date('promised_date', { mode: 'string' }),
    isRush: boolean('is_rush').notNull().default(false),
    status: text('status').notNull(),
    ...jobCommonColumns(),
  },
  (table) => jobIndexes('repairs', table, table.repairNumber),
);

/** Every change of an order or repair: who, when, and each field's old and new value. */
export const itemChanges = pgTable(
  'item_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [index('item_changes_item_idx').on(table.itemKind, table.itemId, table.at)],
);
