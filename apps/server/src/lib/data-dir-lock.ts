import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/**
 * PGlite does not lock its directory, and two processes on one directory lose writes silently
 * (seen with PGlite 0.5). Loupe holds `DATA_DIR/loupe.lock` with its pid; a second process refuses to start while
 * that pid is alive, and takes over a lock whose owner died.
 */
export function lockDataDir(dataDir: string, pid: number = process.pid): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'loupe.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `DATA_DIR: ${path.resolve(dataDir)} is in use by another Loupe process (pid ${owner}); ` +
            'stop it or give this one another DATA_DIR',
        );
      }
      // The owner is gone (a crash or SIGKILL): the lock is stale.
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`DATA_DIR: could not lock ${path.resolve(dataDir)}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
