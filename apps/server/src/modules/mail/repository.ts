import { desc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/system.ts';

/** SQL of the mail outbox: every mail Loupe sends, sent or waiting, with the error of a failed one. */
export function createMailOutboxRepository(db: TDatabase) {
  return {
    async add(mail: { to: string; subject: string; text: string }): Promise<string | undefined> {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      return row?.id;
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db.update(mailOutbox).set({ sentAt: at }).where(eq(mailOutbox.id, id));
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
    },

    async latest(limit: number) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    },
  };
}

export type TMailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
