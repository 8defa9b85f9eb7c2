import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets Loupe must read back (an SMS provider's auth token, a public link shown again) are stored sealed
 * with AES-256-GCM under a key from SECRET_KEY, or else from DATA_DIR/secret.key, made on first use. A copy
 * of the database alone then holds nothing usable. With several instances (DATABASE_URL), set SECRET_KEY:
 * each instance would otherwise make a key of its own and could not open what another sealed.
 */
export type TSecretBox = {
  seal(plain: string): string;
  /** Throws when the value was sealed under another key or altered. */
  open(sealed: string): string;
};

const VERSION = 'v1';
const KEY_FILE = 'secret.key';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`loupe-secret-box:${secret}`).digest();
}

/** The key's source: SECRET_KEY when set, else DATA_DIR/secret.key (created 0600 when missing). */
export function secretFrom(options: { secretKey: string | undefined; dataDir: string }): () => string {
  let cached: string | null = null;
  return () => {
    if (cached !== null) return cached;
    if (options.secretKey) {
      cached = options.secretKey;
      return cached;
    }
    const file = path.join(path.resolve(options.dataDir), KEY_FILE);
    try {
      cached = readFileSync(file, 'utf8').trim();
    } catch {
      mkdirSync(path.dirname(file), { recursive: true });
      try {
        // 'wx': if another process made it meanwhile, theirs wins and is read below.
        writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
      } catch {
        // Made by someone else between the read and the write.
      }
      cached = readFileSync(file, 'utf8').trim();
    }
    return cached;
  };
}

export function createSecretBox(secret: () => string): TSecretBox {
  let key: Buffer | null = null;
  const currentKey = () => {
    key ??= keyOf(secret());
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(
        '.',
      );
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
