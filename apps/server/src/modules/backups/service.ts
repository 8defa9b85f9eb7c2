import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { TBackupProgress, TBackupsOverview } from '@loupe/domain/settings/backups';
import type { TConfig } from '../../config.ts';
import type { TDatabaseHandle } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { BackupError } from './backup-manifest.ts';
import { createBackup, type TCreatedBackup, type TDatabaseDumper } from './create-backup.ts';
import { pgliteDumper, postgresDumper } from './database-dumpers.ts';
import { listBackups, pruneBackups } from './list-backups.ts';

export type TBackupTrigger = TBackupProgress['trigger'];

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
  /** A backup failed (its progress lost with it): logged by whoever composes the service. */
  readonly onFailure?: (error: unknown, trigger: TBackupTrigger) => void;
}) {
  const root = backupRootOf(options.config);
  let running: Promise<TCreatedBackup> | null = null;
  let progress: TBackupProgress | null = null;
  let lastFailure: TBackupsOverview['lastFailure'] = null;
  let newestAt: Date | null | undefined;

  async function backupNow(
    input: {
      readonly keep?: number;
      readonly trigger?: TBackupTrigger;
      readonly onProgress?: (line: string) => void;
    } = {},
  ) {
    if (running) throw new BackupError('BACKUP_IN_PROGRESS', 'a backup is already being made');
    const trigger = input.trigger ?? 'command';
    progress = {
      trigger,
      startedAt: options.clock().toISOString(),
      step: 'database',
      message: 'starting',
      bytesDone: 0,
      filesDone: 0,
      filesTotal: 0,
    };
    running = createBackup({
      dumper: dumperOf(options.database),
      dataDir: options.config.DATA_DIR,
      storage: options.config.STORAGE_DRIVER,
      includeSecretKey: !options.config.SECRET_KEY,
      backupRoot: root,
      now: options.clock(),
      onProgress: (line, state) => {
        if (progress) progress = { ...progress, ...state, message: line };
        input.onProgress?.(line);
      },
    });
    try {
      const created = await running;
      newestAt = new Date(created.manifest.createdAt);
      lastFailure = null;
      const removed = input.keep ? await pruneBackups(root, input.keep) : [];
      return { ...created, removed };
    } catch (error) {
      lastFailure = {
        at: options.clock().toISOString(),
        code: error instanceof BackupError ? error.code : 'BACKUP_FAILED',
        message: error instanceof Error ? error.message : String(error),
      };
      throw error;
    } finally {
      running = null;
      progress = null;
    }
  }

  return {
    root,
    backupNow,
    /**
     * Starts a backup and returns at once with its first progress (Settings › general › "Back up now"):
     * the page polls overview() for the rest. A failure is kept for overview() and told to onFailure.
     */
    start(trigger: TBackupTrigger): TBackupProgress {
      if (running) throw new BackupError('BACKUP_IN_PROGRESS', 'a backup is already being made');
      backupNow({ trigger }).catch((error: unknown) => options.onFailure?.(error, trigger));
      return progress as TBackupProgress;
    },
    list: () => listBackups(root),
    /** Resolves once no backup is being made (the app waits for it when it closes). */
    async settle(): Promise<void> {
      await running?.catch(() => undefined);
    },
    /** The backup being made now, as far as it has come; null when none is. */
    running: (): TBackupProgress | null => progress,
    /** The finished backups with their size, time and checksum, the one being made now, and the last failure. */
    async overview(): Promise<TBackupsOverview> {
      const { backups, unreadable } = await listBackups(root);
      return {
        backups: backups.map(({ dir: _dir, ...backup }) => backup),
        unreadable,
        running: progress,
        lastFailure,
      };
    },
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
