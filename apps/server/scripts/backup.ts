/**
 * `npm run backup`: a consistent backup of the database and the uploaded files to BACKUP_DIR
 * (docs/deployment.md). `npm run backup -- list` lists the backups with their time, size and checksum.
 *
 * - DATABASE_URL set: pg_dump, PostgreSQL's own tool, one snapshot that stops no writer.
 * - Embedded database, Loupe running: only the running process may open PGlite, so it is asked to make the
 *   backup (POST /operator/backups with the operator token); writers wait only while PGlite copies its files.
 * - Embedded database, Loupe stopped: this command takes DATA_DIR's lock and makes it itself.
 *
 * Exit codes: 0 done, 1 refused or failed (the line says why, with its stable code), 2 bad usage.
 */
import path from 'node:path';
import { formatBytes } from '@loupe/domain/settings/backups';
import { ConfigError, loadConfig, type TConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/lib/data-dir-lock.ts';
import { secretFrom } from '../src/lib/secret-box.ts';
import { BackupError, type TBackupManifest } from '../src/modules/backups/backup-manifest.ts';
import { createBackup, type TCreatedBackup } from '../src/modules/backups/create-backup.ts';
import { pgliteDumper, postgresDumper } from '../src/modules/backups/database-dumpers.ts';
import { listBackups } from '../src/modules/backups/list-backups.ts';
import { backupRootOf, operatorTokenOf } from '../src/modules/backups/service.ts';

const progress = (line: string) => console.error(`  ${line}`);

async function backUp(config: TConfig): Promise<{ dir: string; manifest: TBackupManifest }> {
  const common = {
    dataDir: config.DATA_DIR,
    storage: config.STORAGE_DRIVER,
    includeSecretKey: !config.SECRET_KEY,
    backupRoot: backupRootOf(config),
    now: new Date(),
    onProgress: progress,
  };
  if (config.DATABASE_URL) {
    console.error('PostgreSQL (DATABASE_URL): backing up with pg_dump');
    return createBackup({ ...common, dumper: postgresDumper(config.DATABASE_URL) });
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return askRunningLoupe(config);
  }
  try {
    console.error(
      `embedded database (PGlite) in ${path.resolve(config.DATA_DIR)}, Loupe stopped: backing it up`,
    );
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.resolve(config.DATA_DIR),
      migrate: false,
    });
    try {
      return await createBackup({ ...common, dumper: pgliteDumper(database) });
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

async function askRunningLoupe(config: TConfig): Promise<TCreatedBackup> {
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/operator/backups`;
  console.error(`embedded database (PGlite), Loupe running: asking it to back up (${url})`);
  const token = operatorTokenOf(secretFrom({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR })());
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as TCreatedBackup & {
    progress?: string[];
    code?: string;
    message?: string;
  };
  if (!response.ok) {
    throw new BackupError(
      (body.code as BackupError['code'] | undefined) ?? 'BACKUP_TOOL_FAILED',
      body.message ?? `Loupe answered ${response.status}`,
    );
  }
  for (const line of body.progress ?? []) progress(line);
  return body;
}

async function list(config: TConfig): Promise<void> {
  const root = backupRootOf(config);
  const { backups, unreadable } = await listBackups(root);
  console.info(`${backups.length} backup(s) in ${root}`);
  for (const backup of backups) {
    console.info(
      `${backup.createdAt}  ${formatBytes(backup.totalBytes).padStart(10)}  ${backup.database.padEnd(8)}  sha256 ${backup.checksum}  ${backup.name}`,
    );
  }
  for (const entry of unreadable) console.info(`(not a usable backup) ${entry.name}: ${entry.reason}`);
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const [command] = process.argv.slice(2);
  if (command === 'list') return list(config);
  if (command !== undefined) {
    console.error('usage: npm run backup            make a backup in BACKUP_DIR');
    console.error('       npm run backup -- list    list the backups');
    process.exit(2);
  }
  const { dir, manifest } = await backUp(config);
  console.info(`backup written: ${dir}`);
  console.info(
    `  ${manifest.createdAt}, ${formatBytes(manifest.totalBytes)}, ${manifest.files.length} files, sha256 ${manifest.checksum}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) console.error(`backup failed: ${error.code}: ${error.message}`);
  else if (error instanceof ConfigError) console.error(`backup failed: ${error.message}`);
  else console.error('backup failed:', error);
  process.exit(1);
});
