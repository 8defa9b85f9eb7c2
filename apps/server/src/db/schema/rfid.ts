import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// RFID ingestion (issue 6): the reads acknowledged, the reads not placed and the readers refused.

/**
 * Fresh reads Loupe could not place, per reader and antenna (issue 21 §5): of an antenna nobody mapped, or
 * of a tag no order or repair carries. Counted in the database, so the numbers /rfid-mapping shows are the
 * whole cluster's and survive a restart, with when it started and when it last happened.
 */
export const rfidUnresolvedReads = pgTable(
  'rfid_unresolved_reads',
  {
    reason: text('reason').notNull(),
    readerId: text('reader_id').notNull(),
    antenna: integer('antenna').notNull(),
    reads: bigint('reads', { mode: 'number' }).notNull().default(0),
    lastEpc: text('last_epc').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.reason, table.readerId, table.antenna] })],
);

/** The last refusal of a reader's MQTT connection or publish, for its installer to see (issue 21 §5). */
export const readerRejections = pgTable('reader_rejections', {
  readerId: text('reader_id').primaryKey(),
  reason: text('reason').notNull(),
  topic: text('topic'),
  count: integer('count').notNull().default(1),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * Every fresh tag read Loupe acknowledged, recorded before the acknowledgement (HTTP 2xx, MQTT PUBACK).
 * The key is the read's identity (reader, antenna, EPC, time), so a redelivered read is recorded once;
 * repeats of it inside the dedupe window are counted on its row rather than stored one by one. Kept for
 * RFID_READ_RETENTION_DAYS; nothing references a read's row (location history keeps its own copy of the key).
 */
export const rfidReads = pgTable(
  'rfid_reads',
  {
    readKey: text('read_key').primaryKey(),
    readerId: text('reader_id').notNull(),
    antenna: integer('antenna').notNull(),
    epc: text('epc').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    rssi: doublePrecision('rssi'),
    repeats: integer('repeats').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rfid_reads_reader_antenna_idx').on(table.readerId, table.antenna, table.readAt),
    index('rfid_reads_epc_idx').on(table.epc, table.readAt),
    // The retention sweep deletes the oldest reads a batch at a time (RFID_READ_RETENTION_DAYS).
    index('rfid_reads_read_at_idx').on(table.readAt),
  ],
);
