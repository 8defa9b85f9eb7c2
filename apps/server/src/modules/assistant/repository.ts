import { and, asc, desc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { assistantConversations, assistantMessages } from '../../db/schema/assistant.ts';

/** Conversations and their messages; every query is scoped to its owner. */
export function createAssistantRepository(db: TDatabase) {
  return {
    async listConversations(userId: string) {
      return db
        .select()
        .from(assistantConversations)
        .where(eq(assistantConversations.userId, userId))
        .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.createdAt));
    },

    async findConversation(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(assistantConversations)
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)));
      return row;
    },

    async createConversation(userId: string, title: string, at: Date) {
      const [row] = await db
        .insert(assistantConversations)
        .values({ userId, title, createdAt: at, updatedAt: at })
        .returning();
      if (!row) throw new Error('conversation not inserted');
      return row;
    },

    async updateConversation(userId: string, id: string, changes: { title?: string; updatedAt?: Date }) {
      const [row] = await db
        .update(assistantConversations)
        .set(changes)
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
        .returning();
      return row;
    },

    async deleteConversation(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(assistantConversations)
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
        .returning({ id: assistantConversations.id });
      return rows.length > 0;
    },

    async messagesOf(conversationId: string) {
      return db
        .select()
        .from(assistantMessages)
        .where(eq(assistantMessages.conversationId, conversationId))
        .orderBy(asc(assistantMessages.createdAt));
    },

    async addMessage(input: {
      conversationId: string;
      role: 'user' | 'assistant';
      text: string;
      answer: unknown;
      createdAt: Date;
    }) {
      const [row] = await db.insert(assistantMessages).values(input).returning();
      if (!row) throw new Error('message not inserted');
      return row;
    },
  };
}

export type TAssistantRepository = ReturnType<typeof createAssistantRepository>;
export type TConversationRow = Awaited<ReturnType<TAssistantRepository['createConversation']>>;
export type TMessageRow = Awaited<ReturnType<TAssistantRepository['addMessage']>>;
