import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { formatBytes } from '@loupe/domain/settings/backups';
import pg from 'pg';
import { checkNotNewer, DatabaseNewerError } from '../../db/migration-level.ts';
import { DataDirLockedError, lockDataDir } from '../../lib/data-dir-lock.ts';
import { BackupError, type TBackupManifest, verifyBackup } from './backup-manifest.ts';
import { postgresEnvOf, runPostgresTool } from './postgres-tools.ts';

/** Where a backup goes: an empty DATA_DIR, and with PostgreSQL an empty database too. */
export type TRestoreTarget =
  | { readonly kind: 'pglite'; readonly dataDir: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly dataDir: string };

/** What of DATA_DIR a restore writes; any of it already there makes the target not empty. */
const DATA_DIR_ENTRIES = ['pglite', 'uploads', 'thumbnails', 'secret.key'] as const;
const STAGING = '.restoring-';

/**
 * Restores a backup into an empty target. Everything is checked before anything is written: every file
 * against the manifest (a damaged, truncated or partial backup is refused), the engine, the migration level
 * (a backup of a newer Loupe is refused) and the target's emptiness. Then the database and files are written
 * under staging names and renamed into place last, so a failure half way leaves the target as it was.
 */
export async function restoreBackup(options: {
  readonly backupDir: string;
  readonly target: TRestoreTarget;
  readonly onProgress?: (line: string) => void;
}): Promise<TBackupManifest> {
  const progress = options.onProgress ?? (() => undefined);
  const { target } = options;
  progress(`checking ${path.resolve(options.backupDir)}`);
  const manifest = await verifyBackup(options.backupDir, progress);

  if (manifest.database.kind !== target.kind) {
    throw new BackupError(
      'BACKUP_KIND_MISMATCH',
      manifest.database.kind === 'pglite'
        ? 'this backup is of the embedded database (PGlite): restore it without DATABASE_URL'
        : 'this backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database',
    );
  }
  try {
    checkNotNewer(manifest.database.migrations);
  } catch (error) {
    if (error instanceof DatabaseNewerError) {
      throw new BackupError(
        'BACKUP_NEWER_THAN_LOUPE',
        `this backup was made by Loupe ${manifest.loupeVersion}: ${error.message}`,
      );
    }
    throw error;
  }
  await checkDataDirEmpty(target.dataDir);
  if (target.kind === 'postgres') await checkDatabaseEmpty(target.url);

  let unlock: () => void;
  try {
    unlock = lockDataDir(target.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError('RESTORE_TARGET_IN_USE', error.message);
    throw error;
  }
  const staged: string[] = [];
  try {
    const database = manifest.files.find((file) => file.path.startsWith('database.'));
    if (!database) throw new BackupError('BACKUP_MANIFEST_INVALID', 'the manifest lists no database file');
    const databaseFile = path.join(options.backupDir, database.path);
    if (target.kind === 'pglite') {
      progress(`restoring the embedded database (${formatBytes(database.sizeBytes)})`);
      const staging = path.join(target.dataDir, `${STAGING}pglite`);
      staged.push(staging);
      await rm(staging, { recursive: true, force: true });
      const loaded = await PGlite.create(staging, { loadDataDir: new Blob([await readFile(databaseFile)]) });
      await loaded.close();
    } else {
      progress(`restoring the PostgreSQL database with pg_restore (${formatBytes(database.sizeBytes)})`);
      const env = postgresEnvOf(target.url);
      await runPostgresTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${env.PGDATABASE}`,
          databaseFile,
        ],
        env,
      );
    }

    const files = manifest.files.filter((file) => file.path.startsWith('files/'));
    for (const [index, file] of files.entries()) {
      const [, folder = '', name = ''] = file.path.split('/');
      const staging = path.join(target.dataDir, `${STAGING}${folder}`);
      if (!staged.includes(staging)) {
        staged.push(staging);
        await rm(staging, { recursive: true, force: true });
        await mkdir(staging, { recursive: true });
      }
      await copyFile(path.join(options.backupDir, file.path), path.join(staging, name));
      if (index === files.length - 1 || index % 500 === 499)
        progress(`restored ${index + 1}/${files.length} files`);
    }
    if (manifest.files.some((file) => file.path === 'secret.key')) {
      const staging = path.join(target.dataDir, `${STAGING}secret.key`);
      staged.push(staging);
      await copyFile(path.join(options.backupDir, 'secret.key'), staging);
      await chmod(staging, 0o600);
    }
    for (const staging of staged) {
      await rename(staging, path.join(target.dataDir, path.basename(staging).slice(STAGING.length)));
    }
    progress(`restored backup ${manifest.checksum.slice(0, 12)}… of ${manifest.createdAt}`);
    return manifest;
  } catch (error) {
    for (const staging of staged) await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    unlock();
  }
}

async function checkDataDirEmpty(dataDir: string): Promise<void> {
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const taken = DATA_DIR_ENTRIES.filter((entry) => present.includes(entry));
  if (taken.length > 0) {
    throw new BackupError(
      'RESTORE_TARGET_NOT_EMPTY',
      `DATA_DIR ${path.resolve(dataDir)} is not empty (it has ${taken.join(', ')}): a restore goes into an empty data folder only`,
    );
  }
  const info = await stat(dataDir).catch(() => null);
  if (info && !info.isDirectory()) {
    throw new BackupError('RESTORE_TARGET_NOT_EMPTY', `DATA_DIR ${path.resolve(dataDir)} is not a folder`);
  }
}

async function checkDatabaseEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relations: number }>(
      `SELECT count(*)::int AS relations FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
         AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    );
    const relations = rows[0]?.relations ?? 0;
    if (relations > 0) {
      throw new BackupError(
        'RESTORE_TARGET_NOT_EMPTY',
        `the database of DATABASE_URL is not empty (${relations} tables, views or sequences): a restore goes into an empty database only`,
      );
    }
  } finally {
    await client.end();
  }
}
