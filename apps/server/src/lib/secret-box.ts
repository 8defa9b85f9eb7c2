import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (TOTP seeds) with AES-256-GCM. The key is SECRETS_KEY, or one
 * derived from the embedded pool's signing key when it is not set (config.ts says which protects what).
 * Stored form: `v1.<iv>.<ciphertext+tag>`, base64url.
 */
export type TSecretBox = {
  seal(plain: string): string;
  open(sealed: string): string;
};

const VERSION = 'v1';

export function createSecretBox(key: Uint8Array): TSecretBox {
  if (key.length !== 32) throw new Error('secret box: the key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText) throw new Error('secret box: unknown format');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** A 32-byte key from other key material (the signing key's private part) for this one use. */
export function deriveSecretKey(material: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', material, 'loupe-secret-box', 'totp-secrets', 32));
}
