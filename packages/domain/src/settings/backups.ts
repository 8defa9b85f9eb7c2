import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Settings › general › backups (issue 42 §1): the backups of the Loupe server, each with its size, time and
 * checksum, and the one being made now, step by step, so that a long backup shows how far it has come.
 */

/** What a backup does, in order: the database snapshot, then the uploaded files, then the manifest. */
export const BACKUP_STEPS = ['database', 'files', 'finishing'] as const;
export type TBackupStep = (typeof BACKUP_STEPS)[number];

/** Who asked: someone in Settings › general, the nightly schedule, or `npm run backup`. */
export const BACKUP_TRIGGERS = ['manual', 'nightly', 'command'] as const;

export const ZBackupProgressSchema = lazySchema(() =>
  z.object({
    trigger: z.enum(BACKUP_TRIGGERS),
    startedAt: z.string(),
    step: z.enum(BACKUP_STEPS),
    /** The last line the backup wrote, e.g. "copied 40/120 uploaded files, 12.0 MB". */
    message: z.string(),
    /** Bytes written into the backup so far. */
    bytesDone: z.number().int().min(0),
    /** Uploaded files copied so far, of filesTotal (0 of 0 until the files step). */
    filesDone: z.number().int().min(0),
    filesTotal: z.number().int().min(0),
  }),
);
export type TBackupProgress = z.output<typeof ZBackupProgressSchema>;

export const ZBackupSummarySchema = lazySchema(() =>
  z.object({
    name: z.string(),
    createdAt: z.string(),
    totalBytes: z.number().int().min(0),
    /** SHA-256 of the manifest's file list: one line that identifies the backup's whole content. */
    checksum: z.string(),
    database: z.enum(['pglite', 'postgres']),
  }),
);
export type TBackupSummary = z.output<typeof ZBackupSummarySchema>;

export const ZBackupsOverviewSchema = lazySchema(() =>
  z.object({
    /** Newest first. */
    backups: z.array(ZBackupSummarySchema),
    /** Folders in the backup folder whose manifest cannot be read, with why. */
    unreadable: z.array(z.object({ name: z.string(), reason: z.string() })),
    /** The backup being made now, or null. */
    running: ZBackupProgressSchema.nullable(),
    /** The last backup that failed, while no backup has succeeded since; null otherwise. */
    lastFailure: z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable(),
  }),
);
export type TBackupsOverview = z.output<typeof ZBackupsOverviewSchema>;

/** A size as people read it: 512 B, 12.0 KiB, 1.5 GiB (the backup list, `npm run backup`'s lines). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
