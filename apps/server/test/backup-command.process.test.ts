import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { migrationJournal } from '../src/db/migration-level.ts';
import {
  createStorage,
  killRunningServers,
  listeningAddress,
  PROCESS_TIMEOUT_MS,
  startServer,
  stderrLines,
  type TServer,
  type TStorage,
  waitUntilHealthy,
} from './support/server-process.ts';

/**
 * Issue 42 §1 and §3 with the real processes: `npm run backup` asks a running Loupe on the embedded database
 * to back itself up (only that process may open PGlite), and `main.ts` refuses to start on a database a newer
 * Loupe migrated, with one line and its code.
 */

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

afterAll(killRunningServers);

describe('npm run backup against a running Loupe (PGlite)', () => {
  let storage: TStorage;
  let server: TServer;
  let port = '';

  beforeAll(async () => {
    // From the run's migrated template (createStorage's default).
    storage = await createStorage('pglite', 'backup-command');
    server = startServer(storage.env);
    const address = await listeningAddress(server);
    await waitUntilHealthy(address);
    port = new URL(address).port;
  }, PROCESS_TIMEOUT_MS * 2);
  afterAll(async () => {
    await killRunningServers();
    await storage?.remove();
  });

  it(
    'has the running process make the backup, and lists it',
    async () => {
      const env = {
        ...Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !Object.hasOwn(CONFIG_VARIABLES, name)),
        ),
        DATA_DIR: storage.dataDir,
        HOST: '127.0.0.1',
        PORT: port,
      };
      const run = (args: string[]) =>
        promisify(execFile)('npx', ['tsx', 'scripts/backup.ts', ...args], { cwd: SERVER_DIR, env });
      const made = await run([]);
      expect(made.stderr).toMatch(/Loupe running: asking it to back up/);
      expect(made.stdout).toMatch(/backup written: .*loupe-/);
      const backups = await readdir(path.join(storage.dataDir, 'backups'));
      expect(backups).toHaveLength(1);
      const listed = await run(['list']);
      expect(listed.stdout).toContain(backups[0]);
      expect(listed.stdout).toMatch(/sha256 [0-9a-f]{64}/);
    },
    PROCESS_TIMEOUT_MS * 2,
  );

  it(
    'after a newer Loupe migrated the database, refuses to start with DATABASE_NEWER_THAN_LOUPE',
    async () => {
      server.child.kill('SIGTERM');
      expect(await server.closed).toBe(0);
      const db = await PGlite.create(path.join(storage.dataDir, 'pglite'));
      const newest = migrationJournal().at(-1)?.when ?? 0;
      await db
        .exec(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('newer', ${newest + 1})`)
        .finally(() => db.close());
      const refused = startServer(storage.env);
      expect(await refused.closed).toBe(1);
      const lines = stderrLines(refused);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Loupe cannot start: DATABASE_NEWER_THAN_LOUPE: the database was migrated by a newer Loupe/,
      );
    },
    PROCESS_TIMEOUT_MS * 2,
  );
});
