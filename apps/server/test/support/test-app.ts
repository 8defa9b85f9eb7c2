import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { TRole } from '@loupe/domain/auth/roles';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type TApp } from '../../src/app.ts';
import { loadConfig, type TConfig } from '../../src/config.ts';
import { openDatabase, type TDatabaseHandle } from '../../src/db/client.ts';
import type { TLookup } from '../../src/lib/outbound-url.ts';
import { hashPassword } from '../../src/modules/users/password.ts';
import type { TUserRow } from '../../src/modules/users/repository.ts';
import { openTestDatabase, type TTestDatabaseKind } from './databases.ts';
import { createTestClock, type TTestClock } from './test-clock.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

// One argon2id hash per password for the whole test file: hashing is deliberately slow (~8 ms, more on a
// busy machine), and suites create thousands of users (the access matrix, one per cell). A hash verifies
// its password whichever user row holds it, so sharing it changes nothing a test can observe but time.
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

export type TTestApp = {
  readonly app: TApp;
  readonly config: TConfig;
  readonly database: TDatabaseHandle;
  readonly clock: TTestClock;
  /** A browser-like client: keeps the CSRF cookie and sends X-CSRF-Token on mutating requests. */
  readonly client: () => TTestClient;
  /** Inserts a verified user with TEST_PASSWORD (or `password`) straight into the database. */
  readonly createUser: (
    input: { role: TRole; email?: string; password?: string } & Partial<TUserRow>,
  ) => Promise<TUserRow>;
  /** Signs in through the embedded pool's InitiateAuth and returns its tokens. */
  readonly signIn: (email: string, password?: string) => Promise<TTokens>;
  /** createUser + signIn: a client already carrying that user's id token. */
  readonly clientAs: (
    role: TRole,
    overrides?: Partial<TUserRow>,
  ) => Promise<{ user: TUserRow; client: TTestClient; tokens: TTokens }>;
  readonly close: () => Promise<void>;
};

export type TTokens = { IdToken: string; AccessToken: string; RefreshToken: string; ExpiresIn: number };

export type TRequestInput = {
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** Leave out X-CSRF-Token even on a mutating request. */
  readonly withoutCsrf?: boolean;
};

export type TTestClient = {
  idToken: string | null;
  request(method: string, url: string, input?: TRequestInput): Promise<LightMyRequestResponse>;
};

export async function createTestApp(
  options: {
    database?: TTestDatabaseKind;
    /** An existing PostgreSQL database this instance shares with others (it neither creates nor drops it). */
    sharedDatabaseUrl?: string;
    /** A database already opened (and migrated) by the test; closed with the app. */
    openedDatabase?: TDatabaseHandle;
    env?: Record<string, string>;
    clock?: TTestClock;
    /** The web build to serve; by default none, so API suites never depend on a build. */
    webDistDir?: string;
    /** Where the app's log goes, every level (tests that read the log); by default no log at all. */
    logStream?: Writable;
    /** The outbound guard's resolver (buildApp's outboundLookup): names of the test's own servers. */
    outboundLookup?: TLookup;
  } = {},
): Promise<TTestApp> {
  const database = options.openedDatabase
    ? options.openedDatabase
    : options.sharedDatabaseUrl
      ? await openDatabase({
          kind: 'postgres',
          url: options.sharedDatabaseUrl,
          poolSize: 4,
          onIdleConnectionError: () => undefined,
        })
      : await openTestDatabase(options.database ?? 'pglite');
  // A backup a suite starts through the API (Settings › general › "Back up now") lands here, not in ./data.
  const backupDir = options.env?.BACKUP_DIR ? null : mkdtempSync(path.join(tmpdir(), 'loupe-test-backups-'));
  const config = loadConfig({
    ...(backupDir ? { BACKUP_DIR: backupDir } : {}),
    PUBLIC_URL: 'http://loupe.test',
    LOG_LEVEL: 'silent',
    // Suites sign in many times a minute from one address; the per-IP limit has tests of its own.
    SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
    ...options.env,
  });
  const clock = options.clock ?? createTestClock();
  const webDistDir = options.webDistDir ?? '/nonexistent/loupe-web-dist';
  const logger = options.logStream ? { level: 'trace', stream: options.logStream } : false;
  const app = await buildApp({
    config,
    database,
    clock,
    logger,
    webDistDir,
    ...(options.outboundLookup ? { outboundLookup: options.outboundLookup } : {}),
  });
  let userCounter = 0;

  const client = (): TTestClient => {
    let cookie: string | null = null;
    let csrfToken: string | null = null;
    // A token is made for the bearer's session: another id token needs another one, as in the web client.
    let csrfTokenFor: string | null = null;
    const self: TTestClient = {
      idToken: null,
      async request(method, url, input = {}) {
        const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
        if (mutating && !input.withoutCsrf && (csrfToken === null || csrfTokenFor !== self.idToken)) {
          const response = await app.inject({
            method: 'GET',
            url: '/api/auth/csrf-token',
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(self.idToken ? { authorization: `Bearer ${self.idToken}` } : {}),
            },
          });
          cookie = cookieOf(response) ?? cookie;
          csrfToken = (response.json() as { token: string }).token;
          csrfTokenFor = self.idToken;
        }
        const headers: Record<string, string> = { ...input.headers };
        if (cookie) headers.cookie = cookie;
        if (mutating && !input.withoutCsrf && csrfToken) headers['x-csrf-token'] = csrfToken;
        if (self.idToken && !headers.authorization) headers.authorization = `Bearer ${self.idToken}`;
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(input.body === undefined ? {} : { payload: input.body as object }),
        });
        cookie = cookieOf(response) ?? cookie;
        return response;
      },
    };
    return self;
  };

  const createUser: TTestApp['createUser'] = async ({ role, email, password, ...rest }) => {
    userCounter += 1;
    const user = await app.loupe.users.insert({
      email: email ?? `${role}-${userCounter}@loupe.test`,
      firstName: rest.firstName ?? role,
      lastName: rest.lastName ?? `User${userCounter}`,
      emailVerified: true,
      ...rest,
      role,
      passwordHash: await passwordHashOf(password ?? TEST_PASSWORD),
    });
    if (!user) throw new Error('createUser: e-mail already taken');
    return user;
  };

  const signIn: TTestApp['signIn'] = async (email, password = TEST_PASSWORD) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/idp',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.LOCAL_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    });
    const body = response.json() as { AuthenticationResult?: TTokens };
    if (response.statusCode !== 200 || !body.AuthenticationResult) {
      throw new Error(`signIn(${email}) failed: ${response.statusCode} ${response.body}`);
    }
    return body.AuthenticationResult;
  };

  return {
    app,
    config,
    database,
    clock,
    client,
    createUser,
    signIn,
    async clientAs(role, overrides = {}) {
      const user = await createUser({ ...overrides, role });
      const tokens = await signIn(user.email);
      const authed = client();
      authed.idToken = tokens.IdToken;
      return { user, client: authed, tokens };
    },
    async close() {
      await app.close();
      await database.close();
      if (backupDir) rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

function cookieOf(response: LightMyRequestResponse): string | null {
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return first ? (first.split(';')[0] ?? null) : null;
}
