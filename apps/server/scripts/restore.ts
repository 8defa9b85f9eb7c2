/**
 * `npm run restore <backup folder>`: restores a backup of `npm run backup` into an empty DATA_DIR (and, with
 * DATABASE_URL, an empty database) — docs/deployment.md. Every file is checked against the manifest first:
 * a damaged, truncated or partial backup is refused with its code and nothing is written.
 *
 * Exit codes: 0 restored, 1 refused or failed (the line says why, with its stable code), 2 bad usage.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config.ts';
import { BackupError } from '../src/modules/backups/backup-manifest.ts';
import { restoreBackup } from '../src/modules/backups/restore-backup.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const [backupDir, extra] = process.argv.slice(2);
  if (!backupDir || extra !== undefined) {
    console.error('usage: npm run restore <backup folder>   (into an empty DATA_DIR, or DATABASE_URL)');
    process.exit(2);
  }
  const dataDir = path.resolve(config.DATA_DIR);
  console.error(
    config.DATABASE_URL
      ? `restoring into the PostgreSQL database of DATABASE_URL (pg_restore) and ${dataDir}`
      : `restoring into ${dataDir} (embedded database)`,
  );
  const manifest = await restoreBackup({
    // npm runs this in apps/server; a relative folder is meant from where the command was typed.
    backupDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), backupDir),
    target: config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, dataDir }
      : { kind: 'pglite', dataDir },
    onProgress: (line) => console.error(`  ${line}`),
  });
  console.info(
    `restored the backup of ${manifest.createdAt} (Loupe ${manifest.loupeVersion}, sha256 ${manifest.checksum}); start Loupe to use it`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) console.error(`restore refused: ${error.code}: ${error.message}`);
  else if (error instanceof ConfigError) console.error(`restore refused: ${error.message}`);
  else console.error('restore failed:', error);
  process.exit(1);
});
