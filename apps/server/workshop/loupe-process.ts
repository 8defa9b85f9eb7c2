import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** apps/server, where `npm start` runs Loupe from. */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** A port nobody listens on at `host` now (the OS picks it). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on at `host` (false when another program, e.g. Mosquitto, holds it). */
export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export type TLoupeProcessOptions = {
  /** HTTP port; a free one by default. */
  readonly port?: number;
  /** The embedded MQTT broker's port; a free one by default. */
  readonly mqttPort?: number;
  /** DATA_DIR: PGlite's files, uploads and the lock file. The caller creates and removes it. */
  readonly dataDir: string;
  /** More environment, e.g. `{ DATABASE_URL }` to run on PostgreSQL; wins over everything set here. */
  readonly env?: Record<string, string>;
  /** The bootstrap admin (ADMIN_EMAIL / ADMIN_PASSWORD), created on an empty database; null for a first run. */
  readonly admin: { readonly email: string; readonly password: string } | null;
  /** LOG_LEVEL; default warn. */
  readonly logLevel?: string;
  /** 'pipe' (default) keeps the output for error messages and `onOutput`; 'inherit' shows it as it comes. */
  readonly stdio?: 'inherit' | 'pipe';
  /** HOST to listen on; default 127.0.0.1. */
  readonly host?: string;
  /** With stdio 'pipe': every output line (pino JSON), e.g. to show warnings. */
  readonly onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** How long to wait for /api/health; default 60 s. */
  readonly timeoutMs?: number;
};

export type TLoupeProcess = {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** mqtt://127.0.0.1:MQTT_PORT, the embedded broker. */
  readonly mqttUrl: string;
  readonly mqttPort: number;
  readonly port: number;
  readonly pid: number;
  readonly child: ChildProcess;
  /** The last output lines (stdio 'pipe' only). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>;
};

const KEPT_LINES = 200;

/**
 * Starts Loupe as `npm start` does (`node --import tsx src/main.ts` in apps/server) and resolves once
 * /api/health answers; rejects with the process's output when it exits first or does not become healthy.
 */
export async function startLoupeProcess(options: TLoupeProcessOptions): Promise<TLoupeProcess> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const mqttPort = options.mqttPort ?? (await freePort(host));
  const localHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${localHost}:${port}`;
  const stdio = options.stdio ?? 'pipe';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: host,
      PUBLIC_URL: url,
      DATA_DIR: path.resolve(options.dataDir),
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...(options.admin ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password } : {}),
      ...options.env,
    },
    stdio: ['ignore', stdio, stdio],
  });

  const lines: string[] = [];
  const keep = (stream: 'stdout' | 'stderr') => {
    let partial = '';
    return (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > KEPT_LINES) lines.shift();
        options.onOutput?.(line, stream);
      }
    };
  };
  child.stdout?.setEncoding('utf8').on('data', keep('stdout'));
  child.stderr?.setEncoding('utf8').on('data', keep('stderr'));
  const output = () => lines.join('\n');

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let spawnError: Error | null = null;
  child.once('error', (error) => {
    spawnError = error;
  });

  async function stop(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (spawnError !== null || child.exitCode !== null || child.signalCode !== null) {
      await exited;
      const reason = spawnError ?? `exit code ${child.exitCode ?? child.signalCode}`;
      throw new Error(`Loupe exited (${String(reason)}) before it was healthy.\n${output()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Loupe did not answer ${url}/api/health in time.\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    mqttUrl: `mqtt://${localHost}:${mqttPort}`,
    mqttPort,
    port,
    pid: child.pid ?? 0,
    child,
    output,
    stop,
  };
}
