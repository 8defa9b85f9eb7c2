import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema/users.ts';

export type TSessionRow = typeof sessions.$inferSelect;

export function createSessionsRepository(db: TDatabase) {
  return {
    async create(input: {
      userId: string;
      clientId: string;
      authTime: Date;
      expiresAt: Date;
    }): Promise<TSessionRow> {
      const [row] = await db.insert(sessions).values(input).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    async findActive(id: string, now: Date): Promise<TSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },

    async addRefreshToken(sessionId: string, tokenHash: string): Promise<void> {
      await db.insert(refreshTokens).values({ sessionId, tokenHash });
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks a token rotated; false when another request rotated it first (a replay race). */
    async markRotated(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      return rows.length > 0;
    },

    async revoke(id: string, reason: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    /** Ends every session of a user, optionally sparing one (the caller's own, after a password change). */
    async revokeAllForUser(
      userId: string,
      reason: string,
      now: Date,
      exceptSessionId?: string,
    ): Promise<void> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(...conditions));
    },
  };
}

export type TSessionsRepository = ReturnType<typeof createSessionsRepository>;
