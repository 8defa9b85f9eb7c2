import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { CONFIG_VARIABLES } from '../../src/config.ts';
import { createPostgresTestDatabase, TEMPLATE_VARIABLES, type TTestDatabaseKind } from './databases.ts';

/**
 * The real `main.ts` in a child process, as `npm start` runs it, for the suites that need a process of
 * their own: start-up and shutdown (startup.process.test.ts) and a SIGKILL during ingest (rfid-crash.process.test.ts).
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const PROCESS_TIMEOUT_MS = 60_000;

export type TServer = {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** The exit code once the process has ended and its output is read (null when a signal killed it). */
  readonly closed: Promise<number | null>;
};

/** Storage for one installation: a DATA_DIR, and a PostgreSQL database of its own when kind is postgres. */
export type TStorage = {
  readonly dataDir: string;
  readonly env: Record<string, string>;
  readonly remove: () => Promise<void>;
};

const running = new Set<TServer>();

export function startServer(env: Record<string, string>): TServer {
  // The child reads only what the test gives it: no PORT or DATABASE_URL leaks in from the shell.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !Object.hasOwn(CONFIG_VARIABLES, name)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: '0',
      // An ephemeral port for the embedded MQTT broker too: 1883 may be a real broker's.
      MQTT_PORT: '0',
      PUBLIC_URL: 'http://loupe.test',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      running.delete(server);
      resolve(code);
    });
  });
  const server: TServer = { child, stdout: () => stdout, stderr: () => stderr, closed };
  running.add(server);
  return server;
}

/** SIGKILLs every process still running and waits for them: what a failed test left behind dies here. */
export async function killRunningServers(): Promise<void> {
  const left = [...running];
  for (const server of left) server.child.kill('SIGKILL');
  await Promise.all(left.map((server) => server.closed));
}

/**
 * Resolves with the first match of `pattern` in the process's stdout; rejects if the process ends first
 * or nothing matches within PROCESS_TIMEOUT_MS. `what` names the line in the error.
 */
export function waitForStdout(server: TServer, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${what} line within ${PROCESS_TIMEOUT_MS} ms:\n${server.stdout()}`));
    }, PROCESS_TIMEOUT_MS);
    const onData = () => {
      const match = pattern.exec(server.stdout());
      if (!match) return;
      cleanup();
      resolve(match);
    };
    const onClose = (code: number | null) => {
      cleanup();
      reject(new Error(`server exited (${code}) before ${what}:\n${server.stdout()}\n${server.stderr()}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      server.child.stdout?.off('data', onData);
      server.child.off('close', onClose);
    };
    server.child.stdout?.on('data', onData);
    server.child.once('close', onClose);
    onData();
  });
}

/** Resolves with the address from main.ts's 'Loupe is listening on …' line; rejects if the process ends first. */
export async function listeningAddress(server: TServer): Promise<string> {
  const match = await waitForStdout(server, /Loupe is listening on (http:\/\/[\d.]+:\d+)/, "'listening'");
  return String(match[1]);
}

/** Polls /api/health until it answers 200, a bounded number of times. */
export async function waitUntilHealthy(baseUrl: string): Promise<void> {
  let last = 'no answer';
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await delay(100);
  }
  throw new Error(`${baseUrl}/api/health never answered 200: ${last}`);
}

export function stderrLines(server: TServer): string[] {
  return server
    .stderr()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * A fresh DATA_DIR (and database); `label` names the directory, so a leftover says which suite made it.
 * By default the storage starts as a copy of the run's migrated templates (scripts/vitest-global-setup.ts),
 * as the in-process suites' databases do: migrating from nothing in the child takes long on a busy machine and
 * is what only a test of the first start on nothing needs, which asks for `empty`.
 */
export async function createStorage(
  kind: TTestDatabaseKind,
  label: string,
  options: { readonly empty?: boolean } = {},
): Promise<TStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `loupe-${label}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const template = process.env[TEMPLATE_VARIABLES.pglite];
    if (template && !options.empty) {
      // Where main.ts's openDatabase keeps PGlite under DATA_DIR.
      const loaded = await PGlite.create(path.join(dataDir, 'pglite'), {
        loadDataDir: new Blob([await readFile(template)]),
      });
      await loaded.close();
    }
    return { dataDir, env: { DATA_DIR: dataDir }, remove: async () => removeDir() };
  }
  const database = await createPostgresTestDatabase({ migrated: !options.empty });
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    remove: async () => {
      removeDir();
      await database.drop();
    },
  };
}
