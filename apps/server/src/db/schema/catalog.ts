import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Customers and the catalog: metal and product types.

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    // Channels the customer agreed to be contacted on: 'email', 'phone', 'sms'.
    contactPreferences: jsonb('contact_preferences').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    // Lower-cased name, phone digits and e-mail, for one indexed search.
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customers_name_idx').on(table.name)],
);

export const metalTypes = pgTable(
  'metal_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('metal_types_name_lower_idx').on(sql`lower(${table.name})`)],
);

export const productTypes = pgTable(
  'product_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('product_types_name_lower_idx').on(sql`lower(${table.name})`)],
);
