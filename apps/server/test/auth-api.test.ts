import { LEAST_PRIVILEGED_ROLE } from '@loupe/domain/auth/roles';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../src/modules/auth/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp, type TTestClient } from './support/test-app.ts';

const NEW_PASSWORD = 'a brand new passphrase for loupe';
// The identity endpoint and the public auth routes share a per-IP budget; these suites sign in a lot.
const ENV = { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '10000' };

type TMailRow = { to: string; subject: string; text: string };

/** The mails sent to an address, oldest first, once at least `count` have arrived (mail goes out in the background). */
async function mailsTo(t: TTestApp, email: string, count = 1): Promise<TMailRow[]> {
  return vi.waitFor(
    async () => {
      const rows = (await t.app.loupe.mailer.outbox(100))
        .filter((row) => row.to === email.toLowerCase())
        .reverse();
      if (rows.length < count) throw new Error(`expected ${count} mails to ${email}, found ${rows.length}`);
      return rows;
    },
    { timeout: 5_000 },
  );
}

function codeIn(mail: TMailRow | undefined): string {
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no verification code in: ${mail?.text}`);
  return code;
}

function tokenIn(mail: TMailRow | undefined): string {
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in: ${mail?.text}`);
  return token;
}

function register(client: TTestClient, body: Record<string, unknown>) {
  return client.request('POST', '/api/v1/auth/register', {
    body: { password: TEST_PASSWORD, name: 'Ada Lovelace', phone: '+44 20 7946 0000', ...body },
  });
}

async function idTokenRefused(t: TTestApp, idToken: string): Promise<boolean> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/profile',
    headers: { authorization: `Bearer ${idToken}` },
  });
  return response.statusCode === 401;
}

async function signedInClient(t: TTestApp, email: string, password = TEST_PASSWORD) {
  const tokens = await t.signIn(email, password);
  const client = t.client();
  client.idToken = tokens.IdToken;
  return { client, tokens };
}

describe.each(TEST_DATABASES)('auth API on %s', (database) => {
  describe('registration on a fresh installation', () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({ database, env: ENV });
    });
    afterAll(() => t.close());

    it('makes the first account of an installation without SMTP a verified admin, with no code to read', async () => {
      const response = await register(t.client(), { email: 'Founder@Loupe.test', role: 'qa' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        success: true,
        message: AUTH_MESSAGES.registeredFirstAdmin,
        data: {
          id: expect.any(String),
          email: 'founder@loupe.test',
          firstName: 'Ada',
          lastName: 'Lovelace',
          name: 'Ada Lovelace',
          phone: '+44 20 7946 0000',
          role: 'admin',
          emailVerified: true,
          homeLocationId: null,
        },
      });
      expect(response.body).not.toContain(TEST_PASSWORD);
      // Issue 20 §3: no mail could reach the founder, and codes never go to the log.
      await t.app.loupe.auth.drain();
      expect(
        (await t.app.loupe.mailer.outbox(10)).filter((mail) => mail.to === 'founder@loupe.test'),
      ).toEqual([]);
      await signedInClient(t, 'founder@loupe.test');
      const stored = await t.app.loupe.users.findByEmail('founder@loupe.test');
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a second self-registration while an admin has not opened it', async () => {
      const response = await register(t.client(), { email: 'second@loupe.test', role: 'admin' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'REGISTRATION_CLOSED', status: 403 });
      expect(await t.app.loupe.users.findByEmail('second@loupe.test')).toBeUndefined();
    });

    it('gives later self-registered accounts the least-privileged role once an admin opens registration', async () => {
      const { client: admin } = await signedInClient(t, 'founder@loupe.test');
      const opened = await admin.request('PUT', '/api/v1/settings/security', {
        body: { selfRegistration: true },
      });
      expect(opened.statusCode).toBe(200);

      const response = await register(t.client(), {
        email: 'second@loupe.test',
        role: 'admin',
        name: '  Grace   Brewster Murray Hopper ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        role: LEAST_PRIVILEGED_ROLE,
        firstName: 'Grace',
        lastName: 'Brewster Murray Hopper',
        name: 'Grace Brewster Murray Hopper',
        emailVerified: false,
      });
      const audit = await t.app.loupe.audit.list(50);
      expect(
        audit.find(
          (entry) => entry.action === 'auth.registered' && entry.subject === response.json().data.id,
        ),
      ).toMatchObject({
        details: { role: LEAST_PRIVILEGED_ROLE, requestedRole: 'admin', firstAccount: false },
      });
    });

    it('answers 409 CONFLICT for an e-mail address that already has an account, whatever its case', async () => {
      const response = await register(t.client(), { email: 'SECOND@loupe.test' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    });

    it('applies the password policy: common passwords and short ones are refused', async () => {
      const common = await register(t.client(), { email: 'common@loupe.test', password: 'password123' });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
      const sameAsEmail = await register(t.client(), {
        email: 'samesame@loupe.test',
        password: 'samesame@loupe.test',
      });
      expect(sameAsEmail.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
      const short = await register(t.client(), { email: 'short@loupe.test', password: 'seven77' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await t.app.loupe.users.findByEmail('common@loupe.test')).toBeUndefined();
    });
  });

  describe('e-mail verification', () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({ database, env: ENV });
      await t.createUser({ role: 'admin', email: 'boss@loupe.test' });
      await t.app.loupe.settings.write('security', { selfRegistration: true }, null);
    });
    afterAll(() => t.close());

    const verify = (email: string, code: string) =>
      t.client().request('POST', '/api/v1/auth/verify-email', { body: { email, code } });
    const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('refuses sign-in until the e-mail is verified, then lets the account in', async () => {
      await register(t.client(), { email: 'newbie@loupe.test' });
      await expect(t.signIn('newbie@loupe.test')).rejects.toThrow(/UserNotConfirmedException/);

      const code = codeIn((await mailsTo(t, 'newbie@loupe.test'))[0]);
      const wrong = await verify('newbie@loupe.test', wrongCodeFor(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'CODE_INVALID', details: { attemptsLeft: 4 } });

      const response = await verify('newbie@loupe.test', code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.emailVerified });
      expect((await t.app.loupe.users.findByEmail('newbie@loupe.test'))?.emailVerified).toBe(true);

      const { client } = await signedInClient(t, 'newbie@loupe.test');
      const profile = await client.request('GET', '/api/v1/auth/profile');
      expect(profile.json().data).toMatchObject({ email: 'newbie@loupe.test', emailVerified: true });
      // The code is spent.
      expect((await verify('newbie@loupe.test', code)).json()).toMatchObject({ code: 'CODE_INVALID' });
    });

    it('answers an unknown e-mail exactly like a wrong code', async () => {
      await register(t.client(), { email: 'probe@loupe.test' });
      const code = codeIn((await mailsTo(t, 'probe@loupe.test'))[0]);
      const wrong = await verify('probe@loupe.test', wrongCodeFor(code));
      const unknown = await verify('nobody@loupe.test', code);
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.json().code).toBe('CODE_INVALID');
      expect(unknown.json().message).toBe(wrong.json().message);
    });

    it('refuses a code after 24 hours with CODE_EXPIRED', async () => {
      await register(t.client(), { email: 'slow@loupe.test' });
      const code = codeIn((await mailsTo(t, 'slow@loupe.test'))[0]);
      t.clock.advance(25 * 3_600_000);
      const response = await verify('slow@loupe.test', code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'CODE_EXPIRED',
        message: expect.stringMatching(/new code/i),
      });
      expect((await t.app.loupe.users.findByEmail('slow@loupe.test'))?.emailVerified).toBe(false);
    });

    it('refuses even the right code after 5 wrong attempts, asking for a new code', async () => {
      await register(t.client(), { email: 'guesser@loupe.test' });
      const code = codeIn((await mailsTo(t, 'guesser@loupe.test'))[0]);
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt += 1)
        answers.push(await verify('guesser@loupe.test', wrongCodeFor(code)));
      expect(answers.map((answer) => answer.json().code)).toEqual(Array(5).fill('CODE_INVALID'));
      expect(answers[4]?.json().message).toMatch(/request a new code/i);
      const right = await verify('guesser@loupe.test', code);
      expect(right.statusCode).toBe(400);
      expect(right.json()).toMatchObject({
        code: 'CODE_INVALID',
        message: expect.stringMatching(/request a new code/i),
      });
      expect((await t.app.loupe.users.findByEmail('guesser@loupe.test'))?.emailVerified).toBe(false);
    });

    it('resends a fresh code at most once a minute and answers the same for every address', async () => {
      await register(t.client(), { email: 'resend@loupe.test' });
      const first = codeIn((await mailsTo(t, 'resend@loupe.test'))[0]);
      const resend = (email: string) =>
        t.client().request('POST', '/api/v1/auth/resend-verification', { body: { email } });

      const answers = await Promise.all([
        resend('resend@loupe.test'), // throttled: the first code went out less than a minute ago
        resend('nobody@loupe.test'),
        resend('boss@loupe.test'), // already verified
      ]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ success: true, message: AUTH_MESSAGES.verificationResent });
      }

      t.clock.advance(61_000);
      await resend('resend@loupe.test');
      const mails = await mailsTo(t, 'resend@loupe.test', 2);
      expect(mails).toHaveLength(2);
      const second = codeIn(mails[1]);
      expect((await t.app.loupe.mailer.outbox(100)).some((mail) => mail.to === 'nobody@loupe.test')).toBe(
        false,
      );
      expect((await t.app.loupe.mailer.outbox(100)).some((mail) => mail.to === 'boss@loupe.test')).toBe(
        false,
      );

      if (second !== first)
        expect((await verify('resend@loupe.test', first)).json().code).toBe('CODE_INVALID');
      expect((await verify('resend@loupe.test', second)).statusCode).toBe(200);
    });

    it('never writes the code or the password into the audit log', async () => {
      await register(t.client(), { email: 'audited@loupe.test' });
      const code = codeIn((await mailsTo(t, 'audited@loupe.test'))[0]);
      await verify('audited@loupe.test', code);
      const audit = JSON.stringify(await t.app.loupe.audit.list(200));
      expect(audit).toContain('auth.email_verified');
      expect(audit).not.toContain(code);
      expect(audit).not.toContain(TEST_PASSWORD);
    });
  });

  describe('profile', () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({ database, env: ENV });
    });
    afterAll(() => t.close());

    it('answers the signed-in user’s profile under data', async () => {
      const { client, user } = await t.clientAs('designer', {
        firstName: 'Coco',
        lastName: 'Chanel',
        phone: '555-0100',
      });
      const response = await client.request('GET', '/api/v1/auth/profile');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          id: user.id,
          email: user.email,
          firstName: 'Coco',
          lastName: 'Chanel',
          name: 'Coco Chanel',
          role: 'designer',
          phone: '555-0100',
          emailVerified: true,
          homeLocationId: null,
        },
      });
      expect(response.body).not.toMatch(/passwordHash|argon2/);
    });

    it('answers 403 EMAIL_NOT_VERIFIED with the spec’s message when the e-mail is not verified', async () => {
      const { client, user } = await t.clientAs('operator');
      await t.app.loupe.users.update(user.id, { emailVerified: false });
      const response = await client.request('GET', '/api/v1/auth/profile');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
        message: ERROR_MESSAGES.emailNotVerified,
      });
    });

    it('asks anonymous callers to sign in', async () => {
      const response = await t.client().request('GET', '/api/v1/auth/profile');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('updates names and phone but never the role or the e-mail address', async () => {
      const { client, user } = await t.clientAs('qa');
      const response = await client.request('PUT', '/api/v1/auth/profile', {
        body: {
          firstName: 'Cartier',
          lastName: 'Louis',
          phone: '555-0199',
          role: 'admin',
          email: 'x@loupe.test',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        firstName: 'Cartier',
        lastName: 'Louis',
        phone: '555-0199',
        role: 'qa',
        email: user.email,
      });
      const stored = await t.app.loupe.users.findById(user.id);
      expect(stored).toMatchObject({ role: 'qa', email: user.email, firstName: 'Cartier' });

      const cleared = await client.request('PUT', '/api/v1/auth/profile', {
        body: { phone: null, name: 'Louis C.' },
      });
      expect(cleared.json().data).not.toHaveProperty('phone');
      expect(cleared.json().data.name).toBe('Louis C.');
    });
  });

  describe('passwords and sessions', () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({ database, env: ENV });
    });
    afterAll(() => t.close());

    it('refuses a wrong current password with 400 INVALID_CREDENTIALS, so the client does not refresh', async () => {
      const { client } = await t.clientAs('manager');
      const response = await client.request('POST', '/api/v1/auth/change-password', {
        body: { oldPassword: 'not my password', newPassword: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 400 });
    });

    it('applies the password policy to the new password', async () => {
      const { client } = await t.clientAs('manager');
      const response = await client.request('POST', '/api/v1/auth/change-password', {
        body: { oldPassword: TEST_PASSWORD, newPassword: 'iloveyou' },
      });
      expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    });

    it('changes the password, keeps the current session and ends the others', async () => {
      const { client, user, tokens } = await t.clientAs('salesperson');
      const other = await t.signIn(user.email);
      const response = await client.request('POST', '/api/v1/auth/change-password', {
        body: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordChanged });

      expect(await idTokenRefused(t, tokens.IdToken)).toBe(false);
      expect(await idTokenRefused(t, other.IdToken)).toBe(true);
      await expect(t.signIn(user.email)).rejects.toThrow();
      await expect(t.signIn(user.email, NEW_PASSWORD)).resolves.toMatchObject({
        IdToken: expect.any(String),
      });
      const audit = await t.app.loupe.audit.list(20);
      expect(
        audit.some((entry) => entry.action === 'auth.password_changed' && entry.subject === user.id),
      ).toBe(true);
    });

    it('answers forgot-password the same whether or not the account exists', async () => {
      const user = await t.createUser({ role: 'production' });
      const forgot = (email: string) =>
        t.client().request('POST', '/api/v1/auth/forgot-password', { body: { email } });
      const [known, unknown] = await Promise.all([forgot(user.email), forgot('ghost@loupe.test')]);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetRequested });
      expect(unknown.json()).toEqual(known.json());
      await mailsTo(t, user.email);
      expect((await t.app.loupe.mailer.outbox(100)).some((mail) => mail.to === 'ghost@loupe.test')).toBe(
        false,
      );
    });

    it('resets the password through the mailed link and signs out every session', async () => {
      const { user, tokens } = await t.clientAs('operator');
      await t.app.loupe.users.update(user.id, { emailVerified: false, mustChangePassword: true });
      await t.client().request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
      const [mail] = await mailsTo(t, user.email);
      expect(mail?.text).toContain('http://loupe.test/reset-password?token=');
      const token = tokenIn(mail);

      const reset = await t
        .client()
        .request('POST', '/api/v1/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordReset });

      expect(await idTokenRefused(t, tokens.IdToken)).toBe(true);
      await expect(t.signIn(user.email)).rejects.toThrow();
      await expect(t.signIn(user.email, NEW_PASSWORD)).resolves.toMatchObject({
        IdToken: expect.any(String),
      });
      expect(await t.app.loupe.users.findById(user.id)).toMatchObject({
        emailVerified: true,
        mustChangePassword: false,
      });

      const again = await t.client().request('POST', '/api/v1/auth/reset-password', {
        body: { token, newPassword: 'yet another passphrase' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'CODE_INVALID' });
    });

    it('refuses a reset link after an hour, and a made-up one', async () => {
      const user = await t.createUser({ role: 'qa' });
      await t.client().request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
      const token = tokenIn((await mailsTo(t, user.email))[0]);
      t.clock.advance(61 * 60_000);
      const expired = await t
        .client()
        .request('POST', '/api/v1/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } });
      expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED', status: 400 });
      const madeUp = await t.client().request('POST', '/api/v1/auth/reset-password', {
        body: { token: 'not-a-token', newPassword: NEW_PASSWORD },
      });
      expect(madeUp.json()).toMatchObject({ code: 'CODE_INVALID', status: 400 });
      await expect(t.signIn(user.email)).resolves.toBeDefined();
    });

    it('keeps a reset link usable when the new password is refused by the policy', async () => {
      const user = await t.createUser({ role: 'qa' });
      await t.client().request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
      const token = tokenIn((await mailsTo(t, user.email))[0]);
      const weak = await t
        .client()
        .request('POST', '/api/v1/auth/reset-password', { body: { token, newPassword: 'qwerty123' } });
      expect(weak.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
      const good = await t
        .client()
        .request('POST', '/api/v1/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } });
      expect(good.statusCode).toBe(200);
    });

    it('logs out by ending the session the request carried, and audits it', async () => {
      const { client, user, tokens } = await t.clientAs('designer');
      const other = await t.signIn(user.email);
      const response = await client.request('POST', '/api/v1/auth/logout');
      expect(response.statusCode).toBe(200);
      expect(await idTokenRefused(t, tokens.IdToken)).toBe(true);
      expect(await idTokenRefused(t, other.IdToken)).toBe(false);
      const audit = await t.app.loupe.audit.list(20);
      expect(audit.some((entry) => entry.action === 'auth.sign_out' && entry.actorId === user.id)).toBe(true);
    });
  });

  describe('request protection', () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({ database, env: { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '3' } });
    });
    afterAll(() => t.close());

    it('refuses a mutating request without X-CSRF-Token with 403 CSRF_INVALID', async () => {
      const { client } = await t.clientAs('admin');
      const response = await client.request('PUT', '/api/v1/auth/profile', {
        body: { firstName: 'Mallory' },
        withoutCsrf: true,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'CSRF_INVALID' });
    });

    it('hands out the CSRF token in the x-csrf-token response header', async () => {
      const response = await t.client().request('POST', '/api/v1/auth/forgot-password', {
        body: { email: 'header@loupe.test' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-csrf-token']).toEqual(expect.any(String));
    });

    it('documents the auth, users and settings routes in the OpenAPI document', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/v1/auth/register',
          '/api/v1/auth/profile',
          '/api/v1/auth/reset-password',
          '/api/v1/users/{id}',
          '/api/v1/mail/outbox',
          '/api/v1/settings/security',
        ]),
      );
    });

    it('limits public auth requests per IP and answers 429 with Retry-After', async () => {
      const client = t.client();
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await client.request('POST', '/api/v1/auth/resend-verification', {
          body: { email: 'flood@loupe.test' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});
