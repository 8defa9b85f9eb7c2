import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept in the database (the AI provider's key, issue 16 §3) are sealed with AES-256-GCM under a key
 * derived (HKDF-SHA256) from SECRET_KEY, or from a random secret created once in DATA_DIR (ARCHITECTURE §7).
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url; `purpose` keeps keys for different uses apart.
 */
export type TSecretBox = {
  seal(plain: string): string;
  /** Null when the value was sealed under another key or was tampered with. */
  open(sealed: string): string | null;
};

const SECRET_FILE = 'secret.key';

function dataDirSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

export function createSecretBox(options: {
  readonly secretKey: string | undefined;
  readonly dataDir: string;
  readonly purpose: string;
}): TSecretBox {
  let key: Buffer | null = null;
  // Derived on first use: a server that never stores a secret never writes secret.key.
  const keyOf = (): Buffer => {
    key ??= Buffer.from(
      hkdfSync(
        'sha256',
        options.secretKey === undefined
          ? dataDirSecret(options.dataDir)
          : Buffer.from(options.secretKey, 'utf8'),
        Buffer.from('loupe-secret-box', 'utf8'),
        Buffer.from(options.purpose, 'utf8'),
        32,
      ),
    );
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
