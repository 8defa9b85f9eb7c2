import type { TLlrpSettings } from '@loupe/domain/registry/llrp';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { readers } from './registry.ts';

/**
 * LLRP readers (issue 40): the settings Loupe configures the reader with, and what the instance holding its
 * connection last saw of it (state, capabilities, last report), so every instance answers the same.
 */
export const readerLlrpSettings = pgTable('reader_llrp_settings', {
  readerId: text('reader_id')
    .primaryKey()
    .references(() => readers.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<TLlrpSettings>().notNull(),
  state: text('state').notNull().default('disconnected'),
  lastReportAt: timestamp('last_report_at', { withTimezone: true }),
  lastError: text('last_error'),
  manufacturer: text('manufacturer'),
  model: text('model'),
  firmware: text('firmware'),
  antennaCount: integer('antenna_count'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who holds a reader's connection (issue 40 §5): one Loupe instance at a time renews its row; once
 * `expires_at` has passed, any instance may take it with one conditional upsert.
 */
export const readerLeases = pgTable('reader_leases', {
  readerId: text('reader_id')
    .primaryKey()
    .references(() => readers.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
