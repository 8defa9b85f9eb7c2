import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES, type TTestDatabaseKind } from './support/databases.ts';
import {
  createStorage as createInstallationStorage,
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
 * The real `main.ts` in child processes, as `npm start` runs it (issue 3 §1–§2): start-up on an empty
 * DATA_DIR, the DATA_DIR lock, configuration errors, SIGTERM and a restart on the same data.
 */

const CLIENT_ID = 'loupe-web';
const ADMIN_EMAIL = 'owner@atelier.example';
const ADMIN_PASSWORD = 'polished bezels and a loupe';

async function signIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await response.json()) as { AuthenticationResult?: { IdToken: string }; __type?: string };
  return { status: response.status, idToken: body.AuthenticationResult?.IdToken, type: body.__type };
}

async function profileStatus(baseUrl: string, idToken: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/auth/profile`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return response.status;
}

/** Storage for one installation: empty for the first start on nothing, else the run's migrated template. */
function createStorage(
  kind: TTestDatabaseKind,
  options: { readonly empty?: boolean } = {},
): Promise<TStorage> {
  return createInstallationStorage(kind, 'startup', options);
}

// Whatever a failed test left running dies here, so no child outlives the suite.
afterAll(killRunningServers);

// The steps below build on each other, in order: one installation started, doubled, stopped and restarted.
describe.each(TEST_DATABASES)('the Loupe process on %s', (kind) => {
  let storage: TStorage;
  let first: TServer | undefined;
  let firstUrl = '';
  let firstIdToken = '';
  beforeAll(async () => {
    storage = await createStorage(kind, { empty: true });
  });
  afterAll(async () => {
    await killRunningServers();
    await storage?.remove();
  });

  it(
    'starts on an empty DATA_DIR, becomes healthy and lets the bootstrap admin sign in',
    async () => {
      const started = performance.now();
      first = startServer({ ...storage.env, ADMIN_EMAIL, ADMIN_PASSWORD });
      firstUrl = await listeningAddress(first);
      await waitUntilHealthy(firstUrl);
      const elapsed = Math.round(performance.now() - started);
      console.info(`[startup] ${kind}: /api/health answered 200 ${elapsed} ms after spawning the process`);

      const health = await fetch(`${firstUrl}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: kind });
      const signedIn = await signIn(firstUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(signedIn.status).toBe(200);
      firstIdToken = String(signedIn.idToken);
      expect(await profileStatus(firstUrl, firstIdToken)).toBe(200);
      expect(readFileSync(path.join(storage.dataDir, 'loupe.lock'), 'utf8')).toBe(String(first.child.pid));
      // The production logger, not a test one: the bootstrap password stays out of it.
      expect(first.stdout()).toContain('bootstrap admin created');
      expect(first.stdout() + first.stderr()).not.toContain(ADMIN_PASSWORD);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'refuses a second process on the same DATA_DIR with exit code 1 and a line naming DATA_DIR',
    async () => {
      if (!first) throw new Error('the first process did not start');
      const second = startServer({ ...storage.env });
      expect(await second.closed).toBe(1);
      const lines = stderrLines(second);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Loupe cannot start: DATA_DIR: /);
      expect(lines[0]).toContain(path.resolve(storage.dataDir));
      expect(second.stdout()).not.toContain('Loupe is listening');
      // The refused process leaves the lock, and the installation, to the first.
      expect(readFileSync(path.join(storage.dataDir, 'loupe.lock'), 'utf8')).toBe(String(first.child.pid));
      expect((await fetch(`${firstUrl}/api/health`)).status).toBe(200);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'stops cleanly on SIGTERM: exit code 0 and the DATA_DIR lock removed',
    async () => {
      if (!first) throw new Error('the first process did not start');
      first.child.kill('SIGTERM');
      expect(await first.closed).toBe(0);
      expect(first.stdout()).toContain('shutting down');
      expect(existsSync(path.join(storage.dataDir, 'loupe.lock'))).toBe(false);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'keeps the admin, its session and the signing key across a restart, ignoring a changed ADMIN_PASSWORD',
    async () => {
      if (!firstIdToken) throw new Error('the first process issued no token');
      const changedPassword = 'a different bootstrap phrase';
      const restarted = startServer({ ...storage.env, ADMIN_EMAIL, ADMIN_PASSWORD: changedPassword });
      const url = await listeningAddress(restarted);
      await waitUntilHealthy(url);
      expect(restarted.stdout()).not.toContain('bootstrap admin created');
      expect((await signIn(url, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
      expect(await signIn(url, ADMIN_EMAIL, changedPassword)).toMatchObject({
        status: 400,
        type: 'NotAuthorizedException',
      });
      // A token issued before the restart still verifies: the key lives with the data, not the process.
      expect(await profileStatus(url, firstIdToken)).toBe(200);
      restarted.child.kill('SIGTERM');
      expect(await restarted.closed).toBe(0);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'refuses a bootstrap ADMIN_PASSWORD from the common-password list with exit code 1, naming ADMIN_PASSWORD',
    async () => {
      // Migrated but without a user, as the bootstrap admin finds a new installation.
      const empty = await createStorage(kind);
      try {
        const server = startServer({ ...empty.env, ADMIN_EMAIL, ADMIN_PASSWORD: 'password123' });
        expect(await server.closed).toBe(1);
        const lines = stderrLines(server);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^Loupe cannot start: ADMIN_PASSWORD: /);
        expect(server.stdout() + server.stderr()).not.toContain('password123');
        expect(existsSync(path.join(empty.dataDir, 'loupe.lock'))).toBe(false);
      } finally {
        await empty.remove();
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe('configuration errors at start-up', () => {
  it(
    'exits with code 1 and one line naming MQTT_PORT when the broker port is taken',
    async () => {
      // The broker starts after the database is open and the app built: from the migrated template, not empty.
      const storage = await createStorage('pglite');
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as AddressInfo;
      try {
        const server = startServer({ ...storage.env, MQTT_PORT: String(port) });
        expect(await server.closed).toBe(1);
        const lines = stderrLines(server);
        expect(lines).toEqual([`Loupe cannot start: MQTT_PORT: ${port} is already in use`]);
        expect(existsSync(path.join(storage.dataDir, 'loupe.lock'))).toBe(false);
      } finally {
        taken.close();
        await storage.remove();
      }
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'exits with code 1 and one line naming PORT when PORT is not a number',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-startup-'));
      try {
        const server = startServer({ DATA_DIR: dataDir, PORT: 'abc' });
        expect(await server.closed).toBe(1);
        const lines = stderrLines(server);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^Loupe cannot start: PORT: .*"abc"/);
        expect(existsSync(path.join(dataDir, 'loupe.lock'))).toBe(false);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});
