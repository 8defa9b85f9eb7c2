import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { TConfig } from '../../config.ts';
import type { TDatabaseHandle } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { BackupError } from './backup-manifest.ts';
import { createBackup, type TCreatedBackup, type TDatabaseDumper } from './create-backup.ts';
import { pgliteDumper, postgresDumper } from './database-dumpers.ts';
import { listBackups, pruneBackups } from './list-backups.ts';

/** BACKUP_DIR, or DATA_DIR/backups. */
export function backupRootOf(config: Pick<TConfig, 'BACKUP_DIR' | 'DATA_DIR'>): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));
}

/**
 * The token `npm run backup` shows a running Loupe to have it back up its embedded database (only the
 * process that holds PGlite can take a consistent copy): derived from the key of the sealed secrets, which
 * the command reads as the server does (SECRET_KEY or DATA_DIR/secret.key). Whoever has that key can read
 * every sealed secret already, so the token gives them nothing more.
 */
export function operatorTokenOf(secret: string): string {
  return createHmac('sha256', secret).update('loupe-operator:backup').digest('base64url');
}

export function isOperatorToken(secret: string, presented: string | undefined): boolean {
  return presented !== undefined && safeEqual(operatorTokenOf(secret), presented);
}

export function dumperOf(database: TDatabaseHandle): TDatabaseDumper {
  if (database.kind === 'pglite') return pgliteDumper(database);
  if (!database.url) throw new Error('a PostgreSQL handle without its connection string cannot be backed up');
  return postgresDumper(database.url);
}

/** The running instance's backups: one at a time, then the oldest beyond `keep` removed. */
export function createBackupService(options: {
  readonly config: TConfig;
  readonly database: TDatabaseHandle;
  readonly clock: TClock;
}) {
  const root = backupRootOf(options.config);
  let running: Promise<TCreatedBackup> | null = null;
  let newestAt: Date | null | undefined;

  return {
    root,
    async backupNow(input: { readonly keep?: number; readonly onProgress?: (line: string) => void } = {}) {
      if (running) throw new BackupError('BACKUP_IN_PROGRESS', 'a backup is already being made');
      running = createBackup({
        dumper: dumperOf(options.database),
        dataDir: options.config.DATA_DIR,
        storage: options.config.STORAGE_DRIVER,
        includeSecretKey: !options.config.SECRET_KEY,
        backupRoot: root,
        now: options.clock(),
        ...(input.onProgress ? { onProgress: input.onProgress } : {}),
      });
      try {
        const created = await running;
        newestAt = new Date(created.manifest.createdAt);
        const removed = input.keep ? await pruneBackups(root, input.keep) : [];
        return { ...created, removed };
      } finally {
        running = null;
      }
    },
    list: () => listBackups(root),
    /** When the newest finished backup was made (null: none yet), for /metrics' backup age. */
    async newestBackupAt(): Promise<Date | null> {
      if (newestAt === undefined) {
        const { backups } = await listBackups(root);
        newestAt = backups[0] ? new Date(backups[0].createdAt) : null;
      }
      return newestAt;
    },
  };
}

export type TBackupService = ReturnType<typeof createBackupService>;
