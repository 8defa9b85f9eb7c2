import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'loupe-lock-'));

describe('lockDataDir', () => {
  it('refuses a second owner while the first is alive, and frees the directory on unlock', async () => {
    const dir = freshDir();
    // A live process that is not us owns the directory.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const unlockOther = lockDataDir(dir, other.pid);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/DATA_DIR: .* is in use by another Loupe process/);
      unlockOther();
      const unlock = lockDataDir(dir);
      expect(existsSync(path.join(dir, 'loupe.lock'))).toBe(true);
      unlock();
      expect(existsSync(path.join(dir, 'loupe.lock'))).toBe(false);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose owner died', () => {
    const dir = freshDir();
    // Pid numbers this high are never handed out on Linux (pid_max is at most 2^22).
    writeFileSync(path.join(dir, 'loupe.lock'), '99999999');
    const unlock = lockDataDir(dir);
    unlock();
  });
});
