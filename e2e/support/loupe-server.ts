import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN = { email: 'owner@atelier.test', password: 'polish the platinum slowly' } as const;

export type TLoupeServer = {
  readonly url: string;
  /** Its embedded MQTT broker, where readers publish. */
  readonly mqttUrl: string;
  /** The server's log lines (pino JSON), when started with `captureLogs`. */
  readonly logs: string[];
  stop(): Promise<void>;
};

export type TStartOptions = {
  readonly env?: Record<string, string>;
  /** Create the bootstrap admin (default). Without it the installation is empty, as on a first run. */
  readonly bootstrapAdmin?: boolean;
  /** Keep the log lines (at info level) instead of passing them through. */
  readonly captureLogs?: boolean;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts Loupe the way `npm start` does (the server process serving the built web app) on a free port
 * with an empty data directory and a bootstrap admin; resolves once /api/health answers.
 */
export async function startLoupe(options: TStartOptions = {}): Promise<TLoupeServer> {
  const { bootstrapAdmin = true, captureLogs = false } = options;
  const logs: string[] = [];
  const port = await freePort();
  const mqttPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  const serverDir = path.resolve(import.meta.dirname, '../../apps/server');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: captureLogs ? 'info' : 'warn',
      ...(bootstrapAdmin ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
      SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', captureLogs ? 'pipe' : 'inherit', 'inherit'],
  });
  child.stdout?.setEncoding('utf8');
  let partial = '';
  child.stdout?.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    logs.push(...lines);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Loupe exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    logs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
