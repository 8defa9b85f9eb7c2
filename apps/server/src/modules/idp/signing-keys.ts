import { hkdfSync } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { randomToken } from '../../lib/crypto.ts';
import type { TSigningKeysRepository } from './signing-keys-repository.ts';

export type TSigningKey = {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  /**
   * A 32-byte key for another purpose (CSRF tokens), derived (HKDF) from the private key: secret, and the
   * same on every instance sharing the database, without a key of its own to store.
   */
  readonly deriveKey: (purpose: string) => Buffer;
};

/**
 * The embedded pool's RS256 key: generated on first start and kept in the database (never in the
 * repository), so every instance sharing the database signs and verifies with the same key.
 */
export async function loadOrCreateSigningKey(keys: TSigningKeysRepository): Promise<TSigningKey> {
  const existing = await newestKey(keys);
  if (existing) return existing;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomToken(12);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await keys.add({ kid, privateJwk, publicJwk });
  // Another instance may have won the race; everyone uses the newest key.
  const stored = await newestKey(keys);
  if (!stored) throw new Error('signing key was not stored');
  return stored;
}

async function newestKey(keys: TSigningKeysRepository): Promise<TSigningKey | undefined> {
  const row = await keys.newest();
  if (!row) return undefined;
  const privateJwk = row.privateJwk as JWK;
  const privateKey = (await importJWK(privateJwk, 'RS256')) as CryptoKey;
  const secret = Buffer.from(privateJwk.d ?? '', 'base64url');
  if (secret.length === 0) throw new Error('the stored signing key has no private part');
  return {
    kid: row.kid,
    privateKey,
    publicJwk: row.publicJwk as JWK,
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', secret, row.kid, `loupe:${purpose}`, 32)),
  };
}
