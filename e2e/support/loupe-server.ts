import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLoupeProcess } from '../../apps/server/workshop/loupe-process';

export const ADMIN = { email: 'owner@atelier.test', password: 'polish the platinum slowly' } as const;

/** A migrated PGlite data directory the global setup made for the run (global-setup.ts), if any. */
export const TEMPLATE_DATA_DIR_VARIABLE = 'LOUPE_E2E_PGLITE_TEMPLATE';

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

/**
 * A new DATA_DIR for a Loupe server, its database the run's migrated template when the global setup made
 * one (empty all the same, its migrations applied). The caller removes it.
 */
export function newDataDir(label = 'loupe-e2e-'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), label));
  const template = process.env[TEMPLATE_DATA_DIR_VARIABLE];
  if (template) cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/**
 * Starts Loupe the way `npm start` does (the server process serving the built web app) on free ports with
 * an empty data directory and a bootstrap admin; resolves once /api/health answers. The database is the
 * run's migrated template when the global setup made one: empty all the same, its migrations applied.
 */
export async function startLoupe(options: TStartOptions = {}): Promise<TLoupeServer> {
  const { bootstrapAdmin = true, captureLogs = false } = options;
  const logs: string[] = [];
  const dataDir = newDataDir();
  const server = await startLoupeProcess({
    dataDir,
    admin: bootstrapAdmin ? ADMIN : null,
    logLevel: captureLogs ? 'info' : 'warn',
    stdio: captureLogs ? 'pipe' : 'inherit',
    ...(captureLogs ? { onOutput: (line: string) => void logs.push(line) } : {}),
    // Alerts evaluated every 2 s, so a browser test sees one raised without waiting a minute.
    env: {
      SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
      ALERT_EVALUATION_SECONDS: '2',
      CUSTOMER_MESSAGE_SWEEP_SECONDS: '2',
      ...options.env,
    },
  });
  return {
    url: server.url,
    mqttUrl: server.mqttUrl,
    logs,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
