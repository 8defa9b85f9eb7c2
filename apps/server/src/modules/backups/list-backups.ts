import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, readManifest, type TBackupManifest } from './backup-manifest.ts';

export type TListedBackup = {
  readonly name: string;
  readonly dir: string;
  readonly createdAt: string;
  readonly totalBytes: number;
  readonly checksum: string;
  readonly database: TBackupManifest['database']['kind'];
};

/**
 * The finished backups of BACKUP_DIR, newest first, each with its time, size and checksum (from its
 * manifest; `npm run restore` checks the files themselves). Unfinished (`.partial-…`) folders are left out,
 * and so is a folder whose manifest cannot be read, named in `unreadable`.
 */
export async function listBackups(
  backupRoot: string,
): Promise<{ backups: TListedBackup[]; unreadable: { name: string; reason: string }[] }> {
  const entries = await readdir(backupRoot, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const backups: TListedBackup[] = [];
  const unreadable: { name: string; reason: string }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(backupRoot, entry.name);
    try {
      const manifest = await readManifest(dir);
      backups.push({
        name: entry.name,
        dir,
        createdAt: manifest.createdAt,
        totalBytes: manifest.totalBytes,
        checksum: manifest.checksum,
        database: manifest.database.kind,
      });
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      unreadable.push({ name: entry.name, reason: `${error.code}: ${error.message}` });
    }
  }
  backups.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  return { backups, unreadable };
}

/** Deletes the oldest finished backups beyond the newest `keep`; returns the names deleted. */
export async function pruneBackups(backupRoot: string, keep: number): Promise<string[]> {
  const { backups } = await listBackups(backupRoot);
  const old = backups.slice(Math.max(keep, 1));
  for (const backup of old) await rm(backup.dir, { recursive: true, force: true });
  return old.map((backup) => backup.name);
}
