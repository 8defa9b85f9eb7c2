import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { metalTypes, productTypes } from './catalog.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// The design library: folders and designs.

export const designFolders = pgTable('design_folders', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  parentId: uuid('parent_id').references((): AnyPgColumn => designFolders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const designs = pgTable(
  'designs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Free text, as a designer writes it: "1 × 1.2 ct oval diamond, 12 × 0.02 ct pavé" (issue 17 §1). */
    stones: text('stones').notNull().default(''),
    /** Short lower-case words the library filters by ("halo", "vintage"), each once (packages/domain normalizes). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    folderId: uuid('folder_id').references(() => designFolders.id, { onDelete: 'set null' }),
    productTypeId: uuid('product_type_id').references(() => productTypes.id, { onDelete: 'set null' }),
    metalTypeId: uuid('metal_type_id').references(() => metalTypes.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('designs_folder_idx').on(table.folderId)],
);
