import { desc } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { TDatabase } from '../../db/client.ts';
import { signingKeys } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';

export type TSigningKey = {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  /** The private exponent: key material other secrets may be derived from when no SECRETS_KEY is set. */
  readonly privateMaterial: string;
};

/**
 * The embedded pool's RS256 key: generated on first start and kept in the database (never in the
 * repository), so every instance sharing the database signs and verifies with the same key.
 */
export async function loadOrCreateSigningKey(db: TDatabase): Promise<TSigningKey> {
  const existing = await newestKey(db);
  if (existing) return existing;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomToken(12);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await db.insert(signingKeys).values({ kid, privateJwk, publicJwk }).onConflictDoNothing();
  // Another instance may have won the race; everyone uses the newest key.
  const stored = await newestKey(db);
  if (!stored) throw new Error('signing key was not stored');
  return stored;
}

async function newestKey(db: TDatabase): Promise<TSigningKey | undefined> {
  const [row] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1);
  if (!row) return undefined;
  const privateKey = (await importJWK(row.privateJwk as JWK, 'RS256')) as CryptoKey;
  const privateJwk = row.privateJwk as JWK;
  return {
    kid: row.kid,
    privateKey,
    publicJwk: row.publicJwk as JWK,
    privateMaterial: privateJwk.d ?? row.kid,
  };
}
