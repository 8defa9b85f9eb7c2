import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// The assistant's conversations (issue 16 §4).

/** One person's chat with the assistant (issue 16 §4): kept per user, renamed and deleted by them. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistant_conversations_user_idx').on(table.userId, table.updatedAt)],
);

/** A question or an answer; an answer keeps its tables, citations, steps and actions as JSON. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (table) => [index('assistant_messages_conversation_idx').on(table.conversationId, table.createdAt)],
);
