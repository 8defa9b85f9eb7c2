import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { departments, stations } from './registry.ts';
import { users } from './users.ts';

// Tracking: where each tagged job is and where it has been.

/**
 * The tracking state of a tagged order or repair (spec §3/§4). One EPC is on at most one item, orders and
 * repairs alike: assigning it elsewhere takes it off the holder first.
 */
export const trackedItems = pgTable(
  'tracked_items',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    epc: text('epc').notNull().unique(),
    // Client status: active, offsite or returned (the backend shape says 'tracking' for active).
    status: text('status').notNull().default('active'),
    currentDepartmentId: text('current_department_id').references(() => departments.id, {
      onDelete: 'restrict',
    }),
    currentStationId: text('current_station_id').references(() => stations.id, { onDelete: 'restrict' }),
    currentReaderId: text('current_reader_id'),
    currentAntenna: integer('current_antenna'),
    // When it arrived at the current station: the start of the next move's duration.
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    offsiteDetectedAt: timestamp('offsite_detected_at', { withTimezone: true }),
    offsiteReturnedAt: timestamp('offsite_returned_at', { withTimezone: true }),
    expectedOffsite: boolean('expected_offsite').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId] }),
    index('tracked_items_station_idx').on(table.currentStationId),
    index('tracked_items_department_idx').on(table.currentDepartmentId),
    index('tracked_items_status_idx').on(table.status),
  ],
);

/**
 * Arrivals of an order or repair at a station, kept after tracking stops so the timeline survives.
 * `durationMinutes` is the whole minutes spent at the location it left (spec §3). `readKey` makes applying
 * the same reader event twice a no-op.
 */
export const locationHistory = pgTable(
  'location_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    epc: text('epc').notNull(),
    departmentId: text('department_id').notNull(),
    departmentName: text('department_name').notNull(),
    departmentGradient: text('department_gradient').notNull(),
    stationId: text('station_id').notNull(),
    stationName: text('station_name').notNull(),
    readerId: text('reader_id'),
    antenna: integer('antenna'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    readKey: text('read_key').unique(),
  },
  (table) => [index('location_history_item_idx').on(table.itemKind, table.itemId, table.arrivedAt)],
);

/**
 * What each committed batch of moves did (decision 026): the jobs moved and the visits they ended, appended
 * in the batch's transaction and followed by the projections (analytics' visits…), each under its own cursor.
 * Rows every cursor has passed are deleted.
 */
export const moveFeed = pgTable('move_feed', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  moved: jsonb('moved').notNull(),
  visits: jsonb('visits').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far each projection has followed the move feed: moved on in the transaction that applied it. */
export const projectionCursors = pgTable('projection_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
