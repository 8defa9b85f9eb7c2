import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
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

/**
 * The read journal (decision 025): what an acknowledgement (HTTP 2xx, MQTT PUBACK) stands for. Appended in
 * one short transaction per batch, in `seq` order (appends hold an advisory lock, so they commit in that
 * order); the applier follows it under `rfid_journal_cursors` and derives everything else from it: the
 * `rfid_reads` rows, moves, history, positions, the workflow's phases and analytics. A `read` row is a
 * fresh read, journaled once per key; a `repeat` row is the repeats of a fresh read counted in memory and
 * flushed every few seconds (or at once for a station page's scan, which waits for its answer).
 */
export const rfidJournal = pgTable(
  'rfid_journal',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['read', 'repeat'] }).notNull(),
    readKey: text('read_key').notNull(),
    readerId: text('reader_id').notNull(),
    antenna: integer('antenna').notNull(),
    epc: text('epc').notNull(),
    /** The read's time; for a `repeat` row, the latest of its repeats. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    rssi: doublePrecision('rssi'),
    /** A `repeat` row's count of repeats; 0 on a `read` row. */
    repeats: integer('repeats').notNull().default(0),
    /** A station page's scan: the station it stands for, and who scanned. */
    departmentId: text('department_id'),
    stationId: text('station_id'),
    actorId: text('actor_id'),
    journaledAt: timestamp('journaled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A redelivered read is journaled once (decision 025).
    uniqueIndex('rfid_journal_read_key_idx').on(table.readKey).where(sql`kind = 'read'`),
    // The retention sweep deletes applied rows oldest first (RFID_JOURNAL_RETENTION_DAYS).
    index('rfid_journal_journaled_at_idx').on(table.journaledAt),
  ],
);

/**
 * Journal rows the applier passed over after each failed on its own MAX_ROW_ATTEMPTS times (decision 025):
 * written in the transaction that moves the cursor past the row, so no acknowledged read is passed over
 * unrecorded. Kept, with its row, until an admin's replay applies it (/rfid-mapping).
 */
export const rfidJournalPassedOver = pgTable('rfid_journal_passed_over', {
  seq: bigint('seq', { mode: 'number' })
    .primaryKey()
    .references(() => rfidJournal.seq),
  /** The database's refusal the last time it was tried. */
  error: text('error').notNull(),
  attempts: integer('attempts').notNull(),
  passedOverAt: timestamp('passed_over_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far each follower of the journal has applied it: moved on in the transaction that applied the rows. */
export const rfidJournalCursors = pgTable('rfid_journal_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
