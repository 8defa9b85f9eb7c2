import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '@loupe/domain/settings/backups';
import { z } from 'zod';
import { ZMigrationLevelSchema } from '../../db/migration-level.ts';

/**
 * A backup is a folder: `manifest.json`, the database (`database.tar.gz`, PGlite's data directory, or
 * `database.pgdump`, pg_dump's custom format), the uploaded files under `files/` and, when the installation
 * keeps its key in DATA_DIR, `secret.key` (decision 007: the key goes with the backups, or sealed secrets
 * are lost). The manifest lists every file with its size and SHA-256; the backup's checksum is the SHA-256
 * of that list, so one line identifies its whole content.
 */
export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'loupe-backup';
export const BACKUP_FORMAT_VERSION = 1;

const ZBackupFileSchema = z.object({
  path: z.string().regex(/^(database\.(tar\.gz|pgdump)|secret\.key|files\/(uploads|thumbnails)\/[\w.-]+)$/),
  sizeBytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TBackupFile = z.infer<typeof ZBackupFileSchema>;

export const ZBackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  loupeVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** How the database was saved: PGlite's dumpDataDir, or the pg_dump that made it (its version). */
    tool: z.string(),
    migrations: ZMigrationLevelSchema,
  }),
  /** Where uploads were: `local` files are in the backup; `s3` files stay in their bucket. */
  storage: z.enum(['local', 's3']),
  files: z.array(ZBackupFileSchema),
  totalBytes: z.number().int().min(0),
  /** SHA-256 of the files list (path, size, sha256 of each, in order). */
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TBackupManifest = z.infer<typeof ZBackupManifestSchema>;

export type TBackupErrorCode =
  | 'BACKUP_NOT_FOUND'
  | 'BACKUP_MANIFEST_INVALID'
  | 'BACKUP_FILE_MISSING'
  | 'BACKUP_FILE_TRUNCATED'
  | 'BACKUP_CHECKSUM_MISMATCH'
  | 'BACKUP_KIND_MISMATCH'
  | 'BACKUP_NEWER_THAN_LOUPE'
  | 'RESTORE_TARGET_NOT_EMPTY'
  | 'RESTORE_TARGET_IN_USE'
  | 'BACKUP_TOOL_FAILED'
  | 'BACKUP_IN_PROGRESS'
  | 'BACKUP_UNAUTHORIZED'
  // A backup that failed for a reason with no code of its own (a full disk, a read error): its message says which.
  | 'BACKUP_FAILED';

/** A backup or restore refused or failed; `code` is stable (docs/deployment.md lists them). */
export class BackupError extends Error {
  override readonly name = 'BackupError';
  constructor(
    readonly code: TBackupErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export function checksumOf(files: readonly TBackupFile[]): string {
  const lines = files.map((file) => `${file.sha256}  ${file.sizeBytes}  ${file.path}`).join('\n');
  return createHash('sha256').update(lines).digest('hex');
}

/** The manifest of a backup folder, parsed; BackupError when there is none or it cannot be read. */
export async function readManifest(backupDir: string): Promise<TBackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new BackupError(
      'BACKUP_NOT_FOUND',
      `${path.resolve(backupDir)} is not a Loupe backup: it has no ${MANIFEST_FILE} (an unfinished backup never has one)`,
    );
  }
  let parsed: ReturnType<typeof ZBackupManifestSchema.safeParse>;
  try {
    parsed = ZBackupManifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(
      'BACKUP_MANIFEST_INVALID',
      `${MANIFEST_FILE} of ${backupDir} is not JSON (damaged)`,
    );
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      'BACKUP_MANIFEST_INVALID',
      `${MANIFEST_FILE} of ${backupDir} is not a Loupe backup manifest: ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  if (checksumOf(parsed.data.files) !== parsed.data.checksum) {
    throw new BackupError(
      'BACKUP_MANIFEST_INVALID',
      `${MANIFEST_FILE} of ${backupDir} was altered: its checksum does not match its files`,
    );
  }
  return parsed.data;
}

/**
 * Checks every file of the backup against its manifest (present, whole, same SHA-256) and returns the
 * manifest; BackupError at the first that is not. Reads everything and writes nothing.
 */
export async function verifyBackup(
  backupDir: string,
  onProgress: (line: string) => void = () => undefined,
): Promise<TBackupManifest> {
  const manifest = await readManifest(backupDir);
  let checkedBytes = 0;
  let lastShown = 0;
  for (const [index, file] of manifest.files.entries()) {
    const full = path.join(backupDir, file.path);
    const info = await stat(full).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!info)
      throw new BackupError('BACKUP_FILE_MISSING', `the backup is incomplete: ${file.path} is missing`);
    if (info.size !== file.sizeBytes) {
      throw new BackupError(
        'BACKUP_FILE_TRUNCATED',
        `the backup is damaged: ${file.path} has ${info.size} bytes, the manifest says ${file.sizeBytes}`,
      );
    }
    if ((await sha256OfFile(full)) !== file.sha256) {
      throw new BackupError(
        'BACKUP_CHECKSUM_MISMATCH',
        `the backup is damaged: ${file.path} does not match its SHA-256`,
      );
    }
    checkedBytes += file.sizeBytes;
    if (index === manifest.files.length - 1 || Date.now() - lastShown > 1_000) {
      lastShown = Date.now();
      onProgress(`verified ${index + 1}/${manifest.files.length} files, ${formatBytes(checkedBytes)}`);
    }
  }
  return manifest;
}
