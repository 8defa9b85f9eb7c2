import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// Alerts and notifications (issue 15): alerts, the bell, the daily digests sent.

/**
 * An alert the server raised for one cause (`causeKey`: a rule and its job, reader or antenna). At most one
 * unresolved alert per cause; it is resolved by a person with a note, or cleared by the server when the
 * cause went away (`clearedAt`).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rule: text('rule').notNull(),
    causeKey: text('cause_key').notNull(),
    severity: text('severity').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    // A person resolved it while its cause lasted: it is not raised again until the cause has gone (this time).
    causeEndedAt: timestamp('cause_ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alerts_open_cause_idx').on(table.causeKey).where(sql`${table.resolvedAt} is null`),
    index('alerts_raised_idx').on(table.raisedAt),
  ],
);

/** A notice in one person's bell: an alert, an assignment, a nudge. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    // What raised it ('alert:{id}'): a notice whose cause cleared is withdrawn from the bells still unread.
    source: text('source'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt),
    index('notifications_source_idx').on(table.source),
  ],
);

/**
 * The daily digests sent: one row per user and workshop date, claimed before the mail goes out, so two
 * processes (or a restart) never send a user the same day's digest twice.
 */
export const digestsSent = pgTable(
  'digests_sent',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
);
