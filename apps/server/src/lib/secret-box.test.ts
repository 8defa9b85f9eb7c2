import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, secretFrom } from './secret-box.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  it('opens what it sealed, and nothing sealed under another key or altered', () => {
    const box = createSecretBox(() => 'a'.repeat(32));
    const sealed = box.seal('AC-auth-token');
    expect(sealed).not.toContain('AC-auth-token');
    expect(box.seal('AC-auth-token')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('AC-auth-token');
    expect(() => createSecretBox(() => 'b'.repeat(32)).open(sealed)).toThrow();
    // Flip a bit of the ciphertext itself: a base64url character can differ in padding bits alone.
    const [version, iv, tag, body = ''] = sealed.split('.');
    const bytes = Buffer.from(body, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => box.open([version, iv, tag, bytes.toString('base64url')].join('.'))).toThrow();
  });

  it('without SECRET_KEY makes DATA_DIR/secret.key on first use, readable by its owner only, and keeps it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-secret-'));
    dirs.push(dataDir);
    const sealed = createSecretBox(secretFrom({ secretKey: undefined, dataDir })).seal('x');
    const file = path.join(dataDir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    // A restart reads the same key.
    expect(createSecretBox(secretFrom({ secretKey: undefined, dataDir })).open(sealed)).toBe('x');
  });
});
