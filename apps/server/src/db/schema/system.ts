import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Workshop-wide records: settings, the mail outbox and the audit log.

/** Every mail Loupe sends; without SMTP this table is where an operator reads codes. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    // What the action was about: a user id, or the e-mail a failed sign-in named.
    subject: text('subject'),
    ip: text('ip'),
    correlationId: text('correlation_id'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [index('audit_log_action_subject_at_idx').on(table.action, table.subject, table.at)],
);

/** Workshop-wide settings, one JSON document per section. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
