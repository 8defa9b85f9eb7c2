import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes, type TBackupStep } from '@loupe/domain/settings/backups';
import type { TMigrationLevel } from '../../db/migration-level.ts';
import { loupeVersion } from '../../lib/loupe-version.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  checksumOf,
  MANIFEST_FILE,
  sha256OfFile,
  type TBackupFile,
  type TBackupManifest,
} from './backup-manifest.ts';

/** How one engine saves its database into a backup (database-dumpers.ts). */
export type TDatabaseDumper = {
  readonly kind: 'pglite' | 'postgres';
  /** The file name in the backup: database.tar.gz or database.pgdump. */
  readonly fileName: 'database.tar.gz' | 'database.pgdump';
  /**
   * Writes a consistent copy of the whole database to `file`; returns the tool that did (its version) and
   * how long writers waited for it, with what was done meanwhile (null: none did, as with pg_dump).
   */
  dumpTo(file: string): Promise<{
    readonly tool: string;
    readonly held: { readonly ms: number; readonly note: string } | null;
  }>;
  migrationLevel(): Promise<TMigrationLevel>;
};

export type TCreateBackupOptions = {
  readonly dumper: TDatabaseDumper;
  /** DATA_DIR: uploads (STORAGE_DRIVER=local) and secret.key are read from here. */
  readonly dataDir: string;
  readonly storage: 'local' | 's3';
  /** Include DATA_DIR/secret.key (when SECRET_KEY is not set, it is the key of the sealed secrets). */
  readonly includeSecretKey: boolean;
  /** BACKUP_DIR: the backup becomes a folder in it. */
  readonly backupRoot: string;
  readonly now: Date;
  /** Each step's line, with how far the backup has come (Settings › general shows it). */
  readonly onProgress?: (line: string, state: TBackupProgressState) => void;
};

export type TBackupProgressState = {
  readonly step: TBackupStep;
  readonly bytesDone: number;
  readonly filesDone: number;
  readonly filesTotal: number;
};

export type TCreatedBackup = {
  readonly dir: string;
  readonly name: string;
  readonly manifest: TBackupManifest;
};

/** Upload folders of DATA_DIR (attachments/file-store.ts keys): copied as they are. */
const FILE_FOLDERS = ['uploads', 'thumbnails'] as const;

export function backupNameOf(now: Date): string {
  return `loupe-${now.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Writes a backup: the database first (one consistent snapshot), then the uploaded files. Files are only
 * ever added under new names (uploads are never rewritten), so every file the snapshot refers to exists when
 * they are copied. The backup is written to a hidden `.partial-…` folder and renamed once its manifest is
 * written: a backup that stopped half way never looks like one.
 */
export async function createBackup(options: TCreateBackupOptions): Promise<TCreatedBackup> {
  let state: TBackupProgressState = { step: 'database', bytesDone: 0, filesDone: 0, filesTotal: 0 };
  const progress = (line: string, next: Partial<TBackupProgressState> = {}) => {
    state = { ...state, ...next };
    options.onProgress?.(line, state);
  };
  await mkdir(options.backupRoot, { recursive: true });
  const name = await freeNameIn(options.backupRoot, backupNameOf(options.now));
  const partial = path.join(options.backupRoot, `.partial-${name}`);
  await mkdir(partial);
  try {
    const files: TBackupFile[] = [];
    const add = async (relative: string) => {
      const full = path.join(partial, relative);
      files.push({ path: relative, sizeBytes: (await stat(full)).size, sha256: await sha256OfFile(full) });
    };

    progress(`saving the ${options.dumper.kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database`);
    const migrations = await options.dumper.migrationLevel();
    const started = Date.now();
    const { tool, held: hold } = await options.dumper.dumpTo(path.join(partial, options.dumper.fileName));
    await add(options.dumper.fileName);
    const databaseBytes = files[0]?.sizeBytes ?? 0;
    const held = hold === null ? '' : ` (writers held ${Math.round(hold.ms)} ms${hold.note})`;
    progress(
      `database saved with ${tool}: ${formatBytes(databaseBytes)} in ${Date.now() - started} ms${held}`,
      { bytesDone: databaseBytes },
    );

    if (options.storage === 'local') {
      const sources = await uploadedFiles(options.dataDir);
      progress(`copying ${sources.length} uploaded files`, { step: 'files', filesTotal: sources.length });
      let copiedBytes = 0;
      let lastShown = 0;
      for (const [index, relative] of sources.entries()) {
        const target = path.join(partial, 'files', relative);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(path.join(options.dataDir, relative), target);
        await add(path.posix.join('files', relative));
        copiedBytes += files.at(-1)?.sizeBytes ?? 0;
        if (index === sources.length - 1 || Date.now() - lastShown > 1_000) {
          lastShown = Date.now();
          progress(`copied ${index + 1}/${sources.length} uploaded files, ${formatBytes(copiedBytes)}`, {
            filesDone: index + 1,
            bytesDone: databaseBytes + copiedBytes,
          });
        }
      }
    } else {
      progress('uploads are in the S3 bucket (STORAGE_DRIVER=s3): back the bucket up with its own tools');
    }

    progress('writing the manifest', { step: 'finishing' });
    if (options.includeSecretKey) {
      const key = path.join(options.dataDir, 'secret.key');
      const exists = await stat(key).then(
        () => true,
        () => false,
      );
      if (exists) {
        await copyFile(key, path.join(partial, 'secret.key'));
        await add('secret.key');
      }
    }

    const manifest: TBackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      loupeVersion: loupeVersion(),
      createdAt: options.now.toISOString(),
      database: { kind: options.dumper.kind, tool, migrations },
      storage: options.storage,
      files,
      totalBytes: files.reduce((sum, file) => sum + file.sizeBytes, 0),
      checksum: checksumOf(files),
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    const dir = path.join(options.backupRoot, name);
    await rename(partial, dir);
    progress(`backup ${name}: ${formatBytes(manifest.totalBytes)}, sha256 ${manifest.checksum}`);
    return { dir, name, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** uploads/… and thumbnails/… under DATA_DIR, leaving out files still being written (`*.part`). */
async function uploadedFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of FILE_FOLDERS) {
    const entries = await readdir(path.join(dataDir, folder), { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (entry.isFile() && !entry.name.endsWith('.part')) found.push(`${folder}/${entry.name}`);
    }
  }
  return found.sort();
}

async function freeNameIn(root: string, name: string): Promise<string> {
  for (let suffix = 0; ; suffix += 1) {
    const candidate = suffix === 0 ? name : `${name}-${suffix}`;
    const taken = await stat(path.join(root, candidate)).then(
      () => true,
      () => false,
    );
    if (!taken) return candidate;
  }
}
