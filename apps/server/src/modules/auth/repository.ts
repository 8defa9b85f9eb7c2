import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/users.ts';

/** What a one-time code proves: a mailbox (e-mail verification, the e-mail second factor) or the right to set a new password. */
export type TOneTimeCodePurpose = 'verify_email' | 'reset_password' | 'mfa_email';

export type TOneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** E-mail verification codes and password-reset tokens; only their SHA-256 digests are stored. */
export function createOneTimeCodesRepository(db: TDatabase) {
  return {
    async create(input: {
      userId: string;
      purpose: TOneTimeCodePurpose;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<TOneTimeCodeRow> {
      const [row] = await db.insert(oneTimeCodes).values(input).returning();
      if (!row) throw new Error('one-time code insert returned nothing');
      return row;
    },

    /** The newest code of a user for a purpose that is not consumed yet (it may be expired). */
    async findLatestUnconsumed(
      userId: string,
      purpose: TOneTimeCodePurpose,
    ): Promise<TOneTimeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row;
    },

    async findByHash(purpose: TOneTimeCodePurpose, codeHash: string): Promise<TOneTimeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.codeHash, codeHash)))
        .limit(1);
      return row;
    },

    /** When the user was last sent a code for this purpose, consumed or not (mail throttling). */
    async latestCreatedAt(userId: string, purpose: TOneTimeCodePurpose): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: oneTimeCodes.createdAt })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    /**
     * Counts one attempt before the code is compared, atomically, so parallel guesses cannot exceed the limit.
     * Returns the attempts now recorded, or undefined when the limit was already reached.
     */
    async recordAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(
          and(
            eq(oneTimeCodes.id, id),
            isNull(oneTimeCodes.consumedAt),
            lt(oneTimeCodes.attempts, maxAttempts),
          ),
        )
        .returning({ attempts: oneTimeCodes.attempts });
      return row?.attempts;
    },

    /** Spends a code; false when it was already spent (a double submit or a race). */
    async consume(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length > 0;
    },

    /** Spends every outstanding code of a user for a purpose (a fresh code replaces them, or they are moot). */
    async consumeAll(userId: string, purpose: TOneTimeCodePurpose, now: Date): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
    },
  };
}

export type TOneTimeCodesRepository = ReturnType<typeof createOneTimeCodesRepository>;
