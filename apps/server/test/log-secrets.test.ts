import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openTestDatabase, TEST_DATABASES } from './support/databases.ts';
import { callIdp } from './support/idp-client.ts';
import { createTestApp } from './support/test-app.ts';
import { createTestClock } from './support/test-clock.ts';
import { multipartBody, PNG_1X1, tempDataDir } from './support/uploads.ts';

/**
 * Issue 20 §3: the log of a realistic run — the first account, a colleague's password reset, a self-registered
 * account's verification, customers created and searched, a failing SQL statement — carries no password,
 * token, verification code, reset link, customer name, e-mail address or search term. Mails wait in the
 * outbox, which the admin reads through the API, as an operator without SMTP_URL does.
 */

type TTokens = { IdToken: string; AccessToken: string; RefreshToken: string };

const CUSTOMERS = [
  { name: 'Marguerite Duras', email: 'marguerite.duras@lamer.example', phone: '+33 1 40 20 50 50' },
  { name: 'Ignatius Reilly', email: 'ignatius@confederacy.example', phone: '+1 504 555 0199' },
];

function browser(app: TApp) {
  let cookie = '';
  let csrf = '';
  let idToken = '';
  return {
    set idToken(token: string) {
      idToken = token;
      csrf = ''; // a token is made for one session (issue 34 §7)
    },
    async request(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> {
      if (method !== 'GET' && csrf === '') {
        const answer = await app.inject({
          method: 'GET',
          url: '/api/auth/csrf-token',
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
          },
        });
        const setCookie = answer.headers['set-cookie'];
        if (setCookie)
          cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] ?? '';
        csrf = (answer.json() as { token: string }).token;
      }
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = cookie;
      if (method !== 'GET') headers['x-csrf-token'] = csrf;
      if (idToken) headers.authorization = `Bearer ${idToken}`;
      return app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
  };
}

/** The tokens, and the known-device cookie's token (issue 20 §2) as `DeviceToken`: a secret too. */
async function signIn(
  app: TApp,
  email: string,
  password: string,
): Promise<TTokens & { DeviceToken: string }> {
  const response = await callIdp(app, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: 'loupe-web',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const device = response.cookies.find((cookie) => cookie.name.startsWith('loupe-device-'));
  expect(device?.value).toBeTruthy();
  return {
    ...(response.json() as { AuthenticationResult: TTokens }).AuthenticationResult,
    DeviceToken: device?.value ?? '',
  };
}

describe.each(TEST_DATABASES)('the log of a realistic run on %s', (kind) => {
  it('holds no secrets and no customer data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openTestDatabase(kind);
    const app = await buildApp({
      config: loadConfig({ PUBLIC_URL: 'http://loupe.test', SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000' }),
      database,
      clock: createTestClock(),
      logger: { level: 'trace', stream },
      webDistDir: '/nonexistent/loupe-web-dist',
    });
    const secrets: string[] = [];
    const keep = (...values: string[]) => secrets.push(...values);
    const keepTokens = (tokens: TTokens & { DeviceToken: string }) =>
      keep(tokens.IdToken, tokens.AccessToken, tokens.RefreshToken, tokens.DeviceToken);
    try {
      // The first account of an empty installation without SMTP_URL: an admin who can sign in at once.
      const founder = {
        email: 'founder@atelier.example',
        password: 'white gold and a steady hand',
        name: 'Fiona Founder',
      };
      keep(founder.email, founder.password, founder.name);
      const registered = await browser(app).request('POST', '/api/v1/auth/register', founder);
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json().data).toMatchObject({ role: 'admin', emailVerified: true });
      const adminTokens = await signIn(app, founder.email, founder.password);
      keepTokens(adminTokens);
      const admin = browser(app);
      admin.idToken = adminTokens.IdToken;

      // A colleague invited with a temporary password, who then resets it by mail.
      const colleague = {
        email: 'dana.designer@atelier.example',
        temporaryPassword: 'a temporary passphrase 7',
      };
      keep(colleague.email, colleague.temporaryPassword, 'Dana', 'Designerova');
      const invited = await admin.request('POST', '/api/v1/users', {
        ...colleague,
        firstName: 'Dana',
        lastName: 'Designerova',
        role: 'designer',
      });
      expect(invited.statusCode, invited.body).toBe(201);
      expect(
        (await browser(app).request('POST', '/api/v1/auth/forgot-password', { email: colleague.email }))
          .statusCode,
      ).toBe(200);
      await app.loupe.auth.drain();
      await app.loupe.usersAdmin.drain();
      const outbox = async () =>
        (await admin.request('GET', '/api/v1/mail/outbox')).json().data.items as {
          to: string;
          text: string;
        }[];
      const resetMail = (await outbox()).find(
        (mail) => mail.to === colleague.email && mail.text.includes('token='),
      );
      const resetToken = /token=(\S+)/.exec(resetMail?.text ?? '')?.[1] ?? '';
      expect(resetToken.length).toBeGreaterThan(20);
      keep(resetToken, `reset-password?token=${resetToken}`);
      const newPassword = 'the colleague chose this one';
      keep(newPassword);
      const reset = await browser(app).request('POST', '/api/v1/auth/reset-password', {
        token: resetToken,
        newPassword,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      keepTokens(await signIn(app, colleague.email, newPassword));
      // A wrong password is refused without being written down.
      const wrong = 'not the password at all';
      keep(wrong);
      const refused = await callIdp(app, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'loupe-web',
        AuthParameters: { USERNAME: colleague.email, PASSWORD: wrong },
      });
      expect(refused.statusCode).toBe(400);

      // Self-registration opened: a walk-in verifies with the code from the outbox.
      expect(
        (await admin.request('PUT', '/api/v1/settings/security', { selfRegistration: true })).statusCode,
      ).toBe(200);
      const walkIn = {
        email: 'walk.in@customer.example',
        password: 'walking in from the street',
        name: 'Wally Walkin',
      };
      keep(walkIn.email, walkIn.password, walkIn.name);
      expect((await browser(app).request('POST', '/api/v1/auth/register', walkIn)).statusCode).toBe(201);
      await app.loupe.auth.drain();
      const codeMail = (await outbox()).find((mail) => mail.to === walkIn.email);
      const code = /code is (\d{6})/.exec(codeMail?.text ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const verified = await browser(app).request('POST', '/api/v1/auth/verify-email', {
        email: walkIn.email,
        code,
      });
      expect(verified.statusCode, verified.body).toBe(200);

      // Customers created and searched for.
      for (const customer of CUSTOMERS) {
        keep(customer.name, customer.email, customer.phone);
        const created = await admin.request('POST', '/api/v1/customers', customer);
        expect(created.statusCode, created.body).toBe(201);
        const search = customer.name.split(' ')[1] ?? '';
        const found = await admin.request('GET', `/api/v1/customers?q=${encodeURIComponent(search)}`);
        expect(found.json().data.total).toBe(1);
        keep(search);
      }

      // A statement that fails in the database, logged the way the error handler logs a 500.
      const bound = 'Marguerite-Duras-secret-parameter';
      keep(bound);
      const failure = await database.db
        .execute(sql`select ${bound}::integer`)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(
        String((failure as Error).message) + String((failure as { cause?: Error }).cause?.message),
      ).toContain(bound);
      app.log.error({ err: failure }, 'request failed');

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(40);
      // What the log does say: that mails wait, which paths were asked for, and the failed statement.
      expect(log).toContain('mail waiting in the outbox (no SMTP_URL)');
      expect(log).toContain('"/api/v1/customers"');
      expect(log).toContain('::integer');
      for (const secret of secrets) expect(log, `the log contains ${secret}`).not.toContain(secret);
      for (const secret of secrets) expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
      // A six-digit code could hide in a timestamp; standing alone it is the code.
      expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.example/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

/**
 * Issue 34 §4: a customer's tracking link and design-approval link are capabilities — whoever reads one in
 * the log could open the page or approve the design. Every request line of the public pages and API routes,
 * and every query string, stays out of the log.
 */
describe.each(TEST_DATABASES)('the log of public links on %s', (database) => {
  it('holds no capability token and no query-string secret', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = await tempDataDir();
    const t = await createTestApp({
      database,
      env: { DATA_DIR: dataDir.dir, SECRET_KEY: 'test-secret-key-of-at-least-32-characters!' },
      logStream,
    });
    try {
      const ok = (response: LightMyRequestResponse, status = 200) => {
        expect(response.statusCode, response.body).toBe(status);
        return response.json().data;
      };
      const admin = (await t.clientAs('admin')).client;
      const sales = (await t.clientAs('salesperson')).client;
      const signedInDesigner = await t.clientAs('designer');
      const designer = signedInDesigner.client;
      const customer = ok(
        await admin.request('POST', '/api/v1/customers', {
          body: { name: 'Grace Hopper', phone: '+1 555 010 2030' },
        }),
        201,
      );
      const order = ok(
        await sales.request('POST', '/api/v1/orders', {
          body: { customerId: customer.id, description: 'Custom ring', promisedDate: '2031-06-15' },
        }),
        201,
      );
      const tracking = ok(await sales.request('POST', `/api/v1/orders/${order.id}/tracking-link`));
      const request = ok(
        await sales.request('POST', '/api/v1/design-requests', {
          body: { orderId: order.id, brief: 'Oval sapphire', designerId: signedInDesigner.user.id },
        }),
        201,
      );
      const revision = ok(
        await designer.request('POST', `/api/v1/design-requests/${request.id}/revisions`, { body: {} }),
        201,
      );
      const [file] = ok(
        await designer.request(
          'POST',
          `/api/v1/design-requests/${request.id}/revisions/${revision.id}/files`,
          multipartBody([{ filename: 'render.png', contentType: 'image/png', data: PNG_1X1 }]),
        ),
        201,
      );
      const approval = ok(
        await designer.request(
          'POST',
          `/api/v1/design-requests/${request.id}/revisions/${revision.id}/approval-link`,
        ),
      );
      const tokens = [tracking.token as string, approval.token as string];
      for (const token of tokens) expect(token.length).toBeGreaterThan(20);

      const customerBrowser = t.client();
      const visits: [string, string, number][] = [
        ['GET', `/t/${tracking.token}`, 404],
        ['GET', `/design-approval/${approval.token}`, 404],
        ['GET', `/api/v1/public/tracking/${tracking.token}`, 200],
        ['GET', `/api/v1/public/design-approvals/${approval.token}`, 200],
        ['GET', `/api/v1/public/design-approvals/${approval.token}/files/${file.id}`, 200],
        ['GET', `/api/v1/public/design-approvals/${approval.token}/no-such-thing`, 404],
        ['POST', `/api/v1/public/design-approvals/${approval.token}/decision`, 200],
      ];
      for (const [method, url, status] of visits) {
        const response = await customerBrowser.request(method, url, {
          ...(method === 'POST' ? { body: { decision: 'approved', name: 'Ada Lovelace-Byron' } } : {}),
        });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      }
      // Secrets some clients put in query strings: none of their values may reach the log.
      const querySecrets = {
        token: 'query-token-value-1',
        code: '493817',
        key: 'query-key-value-3',
        secret: 'query-secret-value-4',
        password: 'query-password-value-5',
        signature: 'query-signature-value-6',
      };
      const query = new URLSearchParams(querySecrets).toString();
      expect((await admin.request('GET', `/api/v1/orders?${query}`)).statusCode).toBe(200);
      expect((await customerBrowser.request('GET', `/t/${tracking.token}?${query}`)).statusCode).toBe(404);

      const log = lines.join('');
      // The lines are there, with the routes named and the tokens out.
      expect(log).toContain('"/api/v1/public/tracking/[token]"');
      expect(log).toContain(`"/api/v1/public/design-approvals/[token]/files/${file.id}"`);
      expect(log).toContain('"/api/v1/public/design-approvals/[token]/decision"');
      expect(log).toContain('"/t/[token]"');
      expect(log).toContain('"/design-approval/[token]"');
      expect(log).toContain('No route for GET /api/v1/public/design-approvals/[token]/no-such-thing.');
      for (const token of tokens) expect(log, `the log contains the token ${token}`).not.toContain(token);
      // The name a customer types to confirm a design answer is theirs, not the log's (issue 35 §7).
      expect(log).not.toContain('Lovelace-Byron');
      for (const value of Object.values(querySecrets)) {
        expect(log, `the log contains ${value}`).not.toContain(value);
      }
    } finally {
      await t.close();
      await dataDir.cleanup();
    }
  });
});
