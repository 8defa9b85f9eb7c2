import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { stations } from './registry.ts';
import { users } from './users.ts';

// Station TVs (issue 14).

/**
 * A TV at /tv-setup, from the moment it asks for a pairing code. Until a manager claims the code it is
 * pending (`pairedAt` null, the code shown on screen); once claimed it is a display of one station. The
 * device's credential is stored only as a SHA-256 digest; revoking a display deletes its row.
 */
export const tvDevices = pgTable(
  'tv_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    // Cleared when claimed: a code works once.
    pairingCode: text('pairing_code'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    name: text('name'),
    stationId: text('station_id').references(() => stations.id, { onDelete: 'set null' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    pairedBy: uuid('paired_by').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tv_devices_pairing_code_idx')
      .on(table.pairingCode)
      .where(sql`${table.pairingCode} is not null`),
    index('tv_devices_station_idx').on(table.stationId),
  ],
);
