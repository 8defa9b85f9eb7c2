import type { TSafeCountPiece } from '@loupe/domain/safe-counts/safe-counts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations, stations } from './registry.ts';
import { users } from './users.ts';

// The closing count (issue 37 §5): each location's safe, the counts made there, and what left the safe after.

/** The station that is a location's safe: one per location, with the station's own antennas. */
export const locationSafes = pgTable('location_safes', {
  locationId: text('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  stationId: text('station_id')
    .notNull()
    .references(() => stations.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * One count, kept as the insurer's report: the expected pieces as they stood when it started, and what it
 * found when it finished (counted, missing, extra: null while it runs). The safe's and location's names are
 * copied so the report reads the same after a rename or a removal.
 */
export const safeCounts = pgTable(
  'safe_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: text('location_id').notNull(),
    locationName: text('location_name').notNull(),
    safeStationId: text('safe_station_id').notNull(),
    safeStationName: text('safe_station_name').notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('running'),
    // The workshop date of a closing count: one closing count per location and date, whichever instance.
    closingDate: date('closing_date', { mode: 'string' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedByName: text('started_by_name'),
    finishedBy: uuid('finished_by').references(() => users.id, { onDelete: 'set null' }),
    finishedByName: text('finished_by_name'),
    expected: jsonb('expected').$type<TSafeCountPiece[]>().notNull(),
    counted: jsonb('counted').$type<TSafeCountPiece[]>(),
    missing: jsonb('missing').$type<TSafeCountPiece[]>(),
    extra: jsonb('extra').$type<TSafeCountPiece[]>(),
  },
  (table) => [
    index('safe_counts_location_started_idx').on(table.locationId, table.startedAt),
    uniqueIndex('safe_counts_one_running_idx').on(table.locationId).where(sql`${table.status} = 'running'`),
    uniqueIndex('safe_counts_closing_date_idx')
      .on(table.locationId, table.closingDate)
      .where(sql`${table.closingDate} is not null`),
  ],
);

/** A piece a finished count found in the safe, read later at another station: taken out (the morning side). */
export const safeCountRemovals = pgTable(
  'safe_count_removals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    countId: uuid('count_id')
      .notNull()
      .references(() => safeCounts.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    number: text('number').notNull(),
    stationId: text('station_id').notNull(),
    stationName: text('station_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('safe_count_removals_item_idx').on(table.countId, table.itemKind, table.itemId)],
);
