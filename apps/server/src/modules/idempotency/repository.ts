import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';

export type TIdempotencyRow = typeof idempotencyKeys.$inferSelect;
export type TIdempotencyClaim = {
  readonly userId: string;
  readonly key: string;
  readonly route: string;
  readonly fingerprint: string;
  readonly at: Date;
};
export type TStoredAnswer = {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
};

const ofKey = (userId: string, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

export function createIdempotencyRepository(db: TDatabase) {
  return {
    /** Claims a key nobody holds; false when a row for it exists (kept, in progress or expired). */
    async claim(claim: TIdempotencyClaim): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...claim, createdAt: claim.at })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },

    /**
     * Takes over a key whose answer expired (kept since before `expiredBefore`) or whose first request was
     * abandoned (in progress since before `abandonedBefore`: its instance stopped). One conditional update,
     * so of two instances trying at once only one wins.
     */
    async claimStale(
      claim: TIdempotencyClaim,
      bounds: { readonly expiredBefore: Date; readonly abandonedBefore: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({
          route: claim.route,
          fingerprint: claim.fingerprint,
          createdAt: claim.at,
          status: null,
          contentType: null,
          body: null,
          completedAt: null,
        })
        .where(
          and(
            ofKey(claim.userId, claim.key),
            or(
              lt(idempotencyKeys.createdAt, bounds.expiredBefore),
              and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, bounds.abandonedBefore)),
            ),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },

    async find(userId: string, key: string): Promise<TIdempotencyRow | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(ofKey(userId, key));
      return row;
    },

    /** Keeps the answer of the request that claimed the key. */
    async complete(userId: string, key: string, answer: TStoredAnswer, at: Date): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ ...answer, completedAt: at })
        .where(and(ofKey(userId, key), isNull(idempotencyKeys.status)));
    },

    /** Lets go of a key whose request ended without an answer worth keeping (a 5xx): a retry does the work. */
    async release(userId: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(ofKey(userId, key), isNull(idempotencyKeys.status)));
    },

    /** Removes the keys claimed before `before` (past their 24 hours); answers how many went. */
    async deleteClaimedBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}

export type TIdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
