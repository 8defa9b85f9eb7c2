import { desc } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { TDatabase } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/users.ts';

/** SQL of the embedded pool's signing keys: the newest signs, a new one is added if none is stored. */
export function createSigningKeysRepository(db: TDatabase) {
  return {
    /** Adds a key unless another instance stored one with the same kid first. */
    async add(key: { kid: string; privateJwk: JWK; publicJwk: JWK }): Promise<void> {
      await db.insert(signingKeys).values(key).onConflictDoNothing();
    },

    async newest() {
      const [row] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1);
      return row;
    },
  };
}

export type TSigningKeysRepository = ReturnType<typeof createSigningKeysRepository>;
