/**
 * `npm run reseal -- <file holding the old key>`: rotating SECRET_KEY without losing the sealed secrets
 * (public tracking links, TOTP seeds, the SMS token, the AI provider's key — decisions 007 and 015). With
 * every Loupe stopped and the new key in place (SECRET_KEY, or DATA_DIR/secret.key when it is unset), every
 * value sealed under the old key is sealed again under the new one, in one transaction; if any opens under
 * neither key, nothing changes. docs/deployment.md has the whole procedure.
 *
 * Exit codes: 0 done, 1 refused or failed (the line says why), 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/lib/data-dir-lock.ts';
import { createSecretBox, secretFrom } from '../src/lib/secret-box.ts';
import { ResealError, resealSecrets } from '../src/modules/system/reseal-secrets.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const [oldKeyFile, extra] = process.argv.slice(2);
  if (!oldKeyFile || extra !== undefined) {
    console.error(
      'usage: npm run reseal -- <file holding the old key>   (the new key: SECRET_KEY or DATA_DIR/secret.key)',
    );
    process.exit(2);
  }
  const oldKey = readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), oldKeyFile), 'utf8').trim();
  const newKey = secretFrom({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR })();
  if (oldKey === newKey) {
    console.error('reseal refused: the old key is the key in use now; set the new SECRET_KEY first');
    process.exit(1);
  }
  let unlock: () => void = () => undefined;
  if (!config.DATABASE_URL) {
    try {
      unlock = lockDataDir(config.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(`reseal refused: stop Loupe first (${error.message})`);
        process.exit(1);
      }
      throw error;
    }
  }
  try {
    const database = await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: path.resolve(config.DATA_DIR), migrate: false },
    );
    try {
      const result = await resealSecrets({
        db: database.db,
        from: createSecretBox(() => oldKey),
        to: createSecretBox(() => newKey),
      });
      console.info(
        `re-sealed ${result.resealed} secret(s) under the new key` +
          (result.alreadyNew > 0 ? ` (${result.alreadyNew} already were)` : ''),
      );
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ResealError) console.error(`reseal refused: ${error.code}: ${error.message}`);
  else if (error instanceof ConfigError) console.error(`reseal refused: ${error.message}`);
  else console.error('reseal failed:', error);
  process.exit(1);
});
