import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// The workshop registry (issue 5): locations, departments, stations, readers and their antennas.

/** A site of the workshop; the registry makes LOC001 (spec §3, §9) at start-up when it is missing. */
export const locations = pgTable('locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  description: text('description').notNull().default(''),
  // Issue 39: workshop, store or vendor (packages/domain/src/transfers/transfers.ts).
  kind: text('kind').notNull().default('workshop'),
  // Issue 39 §3: where this location differs from the workshop (ZLocationSettingsSchema); {} means none.
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §3 department; totalItems is derived from the stations, never stored. */
export const departments = pgTable(
  'departments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    gradient: text('gradient').notNull(),
    iconName: text('icon_name').notNull(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    mqttTopic: text('mqtt_topic'),
    machineId: text('machine_id'),
    connectionStatus: text('connection_status').notNull().default('disconnected'),
    lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true }),
    // Display order within the location.
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('departments_location_idx').on(table.locationId),
    uniqueIndex('departments_name_lower_idx').on(sql`lower(${table.name})`),
  ],
);

/** Spec §3 station; itemCount is derived from the tracked items standing at it. */
export const stations = pgTable(
  'stations',
  {
    id: text('id').primaryKey(),
    departmentId: text('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    antennaNumber: integer('antenna_number').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    signalStrength: integer('signal_strength'),
    jewelerName: text('jeweler_name'),
    specialization: text('specialization'),
    status: text('status'),
    // Issue 39: work, shipping (bags are packed here) or receiving (bags are opened here).
    role: text('role').notNull().default('work'),
    // Display order inside the department: the spec's stationIndex.
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('stations_department_idx').on(table.departmentId),
    uniqueIndex('stations_department_name_lower_idx').on(table.departmentId, sql`lower(${table.name})`),
  ],
);

/** A fixed reader (or a keyboard-wedge station). Its HTTP ingest key is stored as a SHA-256 digest. */
export const readers = pgTable('readers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  apiKeyHash: text('api_key_hash').notNull().unique(),
  // The first characters of the key, so staff can tell keys apart without the key itself.
  apiKeyPrefix: text('api_key_prefix').notNull(),
  status: text('status').notNull().default('offline'),
  lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reader + antenna → department + station, or a tag-assignment antenna (spec §3 reader mapping). */
export const readerAntennas = pgTable(
  'reader_antennas',
  {
    readerId: text('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    antenna: integer('antenna').notNull(),
    departmentId: text('department_id').references(() => departments.id, { onDelete: 'set null' }),
    stationId: text('station_id').references(() => stations.id, { onDelete: 'set null' }),
    isTagAssignment: boolean('is_tag_assignment').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.readerId, table.antenna] })],
);
