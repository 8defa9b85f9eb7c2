import { copyFileSync, createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/**
 * A consistent copy of a PGlite data directory on disk while Loupe keeps writing to it, holding writers
 * only for the files that changed (issue 42 §1, measured by bench/backup.ts). PGlite's own dumpDataDir
 * reads and gzips all of it inside the worker every statement waits for: 4–5 s on 20,000 orders.
 *
 * 1. Without holding anything, every file is copied to `staging` (a fuzzy copy: files may change meanwhile).
 * 2. Holding PGlite's one connection (`hold`, which runs a CHECKPOINT first, so that every committed page is
 *    in its file), the files that changed since step 1 began are copied again and the ones gone are removed.
 *    A file is "changed" when its size differs or its modification time is at or after step 1's start, less
 *    a margin for coarse file-system timestamps: an untouched file's copy is exact, the rest are redone.
 * 3. After letting go, `staging` is written as a gzipped tar in PGlite's dumpDataDir layout, which
 *    `npm run restore` loads with PGlite's loadDataDir.
 */

/** File-system timestamps can be a tick (a few ms) coarse; anything touched this close to step 1 is redone. */
const MTIME_MARGIN_MS = 2_000;

type TEntry = { readonly relative: string; readonly isDirectory: boolean };

/** Every entry under `root`, depth first, each directory before what it holds (PGlite's tar order). */
async function walk(root: string, relative = ''): Promise<TEntry[]> {
  const found: TEntry[] = [];
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      found.push({ relative: child, isDirectory: true });
      found.push(...(await walk(root, child)));
    } else if (entry.isFile()) {
      found.push({ relative: child, isDirectory: false });
    }
  }
  return found;
}

/** The fuzzy copy: every file of `source` into `staging`, while PGlite keeps writing. */
async function copyAll(source: string, staging: string): Promise<void> {
  for (const entry of await walk(source)) {
    const to = path.join(staging, entry.relative);
    if (entry.isDirectory) {
      await mkdir(to, { recursive: true });
      continue;
    }
    await copyFile(path.join(source, entry.relative), to).catch((error: NodeJS.ErrnoException) => {
      // A file PGlite removed meanwhile (a recycled WAL segment): the second copy settles it.
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/**
 * The second copy, while PGlite is held: what changed since `since` (ms, wall clock) is copied again and
 * what is gone removed. Synchronous on purpose: every statement waits meanwhile anyway, and a thousand
 * stat calls through the thread pool took longer than the copying on a busy machine.
 */
function copyChangedNow(source: string, staging: string, since: number): { files: number; bytes: number } {
  const present = new Set<string>();
  let files = 0;
  let bytes = 0;
  const visit = (relative: string) => {
    for (const entry of readdirSync(path.join(source, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      present.add(child);
      const from = path.join(source, child);
      const to = path.join(staging, child);
      if (entry.isDirectory()) {
        mkdirSync(to, { recursive: true });
        visit(child);
      } else if (entry.isFile()) {
        const now = statSync(from);
        const copy = statSync(to, { throwIfNoEntry: false });
        if (copy && copy.size === now.size && now.mtimeMs < since - MTIME_MARGIN_MS) continue;
        copyFileSync(from, to);
        files += 1;
        bytes += now.size;
      }
    }
  };
  visit('');
  const removeGone = (relative: string) => {
    for (const entry of readdirSync(path.join(staging, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (!present.has(child)) rmSync(path.join(staging, child), { recursive: true, force: true });
      else if (entry.isDirectory()) removeGone(child);
    }
  };
  removeGone('');
  return { files, bytes };
}

export async function snapshotPgliteDirectory(options: {
  /** PGlite's data directory (DATA_DIR/pglite). */
  readonly source: string;
  /** A folder that does not exist yet, on a disk with room for a copy; removed at the end. */
  readonly staging: string;
  /** The .tar.gz to write. */
  readonly target: string;
  /** Runs `work` while no statement can run (after a CHECKPOINT). */
  readonly hold: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<{ readonly filesCopiedWhileHeld: number; readonly bytesCopiedWhileHeld: number }> {
  await mkdir(options.staging, { recursive: true });
  try {
    const fuzzyFrom = Date.now();
    await copyAll(options.source, options.staging);
    const again = await options.hold(async () => copyChangedNow(options.source, options.staging, fuzzyFrom));
    await writeTarGz(options.staging, options.target);
    return { filesCopiedWhileHeld: again.files, bytesCopiedWhileHeld: again.bytes };
  } finally {
    await rm(options.staging, { recursive: true, force: true });
  }
}

// A ustar archive, as PGlite's dumpDataDir writes one: entries named "/PG_VERSION", "/base/1/112"…

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function tarHeader(entry: { name: string; size: number; mtimeMs: number; isDirectory: boolean }): Buffer {
  const header = Buffer.alloc(BLOCK);
  let name = entry.name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    // ustar splits a long path at a slash: up to 155 bytes of prefix, up to 100 of name.
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(name) > 100) throw new Error(`path too long for a tar: ${entry.name}`);
  }
  header.write(name, 0, 100, 'utf8');
  header.write(octal(entry.isDirectory ? 0o755 : 0o644, 8), 100, 8, 'ascii');
  header.write(octal(0, 8), 108, 8, 'ascii');
  header.write(octal(0, 8), 116, 8, 'ascii');
  header.write(octal(entry.isDirectory ? 0 : entry.size, 12), 124, 12, 'ascii');
  header.write(octal(Math.floor(entry.mtimeMs / 1000), 12), 136, 12, 'ascii');
  header.write('        ', 148, 8, 'ascii');
  header.write(entry.isDirectory ? '5' : '0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

/** Streams `root` as a gzipped tar into `target`, one file in memory at a time. */
async function writeTarGz(root: string, target: string): Promise<void> {
  const tar = new PassThrough();
  const written = pipeline(tar, createGzip(), createWriteStream(target, { mode: 0o600 }));
  const write = (chunk: Buffer) =>
    tar.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => tar.once('drain', resolve));
  try {
    for (const entry of await walk(root)) {
      const full = path.join(root, entry.relative);
      const info = await stat(full);
      const name = `/${entry.relative}`;
      if (entry.isDirectory) {
        await write(tarHeader({ name, size: 0, mtimeMs: info.mtimeMs, isDirectory: true }));
        continue;
      }
      await write(tarHeader({ name, size: info.size, mtimeMs: info.mtimeMs, isDirectory: false }));
      const file = await open(full);
      try {
        let left = info.size;
        while (left > 0) {
          const chunk = Buffer.alloc(Math.min(left, 1 << 20));
          const { bytesRead } = await file.read(chunk, 0, chunk.length);
          if (bytesRead === 0) throw new Error(`${full} shrank while being archived`);
          await write(chunk.subarray(0, bytesRead));
          left -= bytesRead;
        }
      } finally {
        await file.close();
      }
      const padding = (BLOCK - (info.size % BLOCK)) % BLOCK;
      if (padding > 0) await write(Buffer.alloc(padding));
    }
    await write(Buffer.alloc(2 * BLOCK));
    tar.end();
  } catch (error) {
    tar.destroy(error as Error);
  }
  await written;
}
