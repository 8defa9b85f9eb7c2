import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUsersService } from '../src/modules/users/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp, type TTestClient } from './support/test-app.ts';

const TEMPORARY_PASSWORD = 'temporary rose gold 42';
const ENV = { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '10000' };
const NON_ADMIN_ROLES = ROLES.filter((role) => role !== 'admin');

async function idTokenRefused(t: TTestApp, idToken: string): Promise<boolean> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/profile',
    headers: { authorization: `Bearer ${idToken}` },
  });
  return response.statusCode === 401;
}

async function refreshRefused(t: TTestApp, refreshToken: string): Promise<boolean> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/idp',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: t.config.LOCAL_CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  });
  return response.statusCode !== 200;
}

describe.each(TEST_DATABASES)('user administration on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp({ database, env: ENV });
    const signedIn = await t.clientAs('admin', {
      email: 'chief@loupe.test',
      firstName: 'Chief',
      lastName: 'Admin',
    });
    admin = signedIn.client;
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());

  const createBody = (overrides: Record<string, unknown> = {}) => ({
    email: 'new.hire@loupe.test',
    firstName: 'New',
    lastName: 'Hire',
    role: 'production',
    phone: '555-0123',
    temporaryPassword: TEMPORARY_PASSWORD,
    ...overrides,
  });

  describe('listing', () => {
    it('lists users without password hashes, with the total, and searches by e-mail or name', async () => {
      await t.createUser({
        role: 'qa',
        email: 'searchable@loupe.test',
        firstName: 'Rosalind',
        lastName: 'Franklin',
      });
      const all = await admin.request('GET', '/api/v1/users');
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.success).toBe(true);
      expect(body.data.total).toBeGreaterThanOrEqual(2);
      expect(body.data.items[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          email: expect.any(String),
          role: expect.any(String),
        }),
      );
      expect(all.body).not.toMatch(/passwordHash|argon2/);

      const found = await admin.request('GET', '/api/v1/users?q=rosal&limit=10&offset=0');
      expect(found.json().data).toEqual({
        total: 1,
        items: [
          expect.objectContaining({ email: 'searchable@loupe.test', name: 'Rosalind Franklin', role: 'qa' }),
        ],
      });
      const paged = await admin.request('GET', '/api/v1/users?limit=1&offset=1');
      expect(paged.json().data.items).toHaveLength(1);
      expect(paged.json().data.total).toBe(body.data.total);
    });

    it.each(NON_ADMIN_ROLES)('refuses the user list to %s with 403', async (role: TRole) => {
      const { client } = await t.clientAs(role);
      const response = await client.request('GET', '/api/v1/users');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('asks anonymous callers to sign in', async () => {
      expect((await t.client().request('GET', '/api/v1/users')).statusCode).toBe(401);
    });
  });

  describe('creating', () => {
    it('creates a verified user who must choose a new password, and mails an invitation without the password', async () => {
      const response = await admin.request('POST', '/api/v1/users', { body: createBody() });
      expect(response.statusCode).toBe(201);
      const created = response.json().data;
      expect(created).toMatchObject({
        email: 'new.hire@loupe.test',
        firstName: 'New',
        lastName: 'Hire',
        role: 'production',
        phone: '555-0123',
        emailVerified: true,
        mustChangePassword: true,
        disabled: false,
        homeLocationId: null,
      });
      expect(response.body).not.toContain(TEMPORARY_PASSWORD);

      const mail = await vi.waitFor(
        async () => {
          const found = (await t.app.loupe.mailer.outbox(100)).find(
            (row) => row.to === 'new.hire@loupe.test',
          );
          if (!found) throw new Error('no invitation yet');
          return found;
        },
        { timeout: 5_000 },
      );
      expect(mail.text).toContain('http://loupe.test/login');
      expect(mail.text).toMatch(/temporary password your administrator gives you/);
      expect(mail.text).not.toContain(TEMPORARY_PASSWORD);

      const audit = await t.app.loupe.audit.list(50);
      expect(
        audit.find((entry) => entry.action === 'users.created' && entry.subject === created.id),
      ).toMatchObject({
        actorId: adminId,
        details: { role: 'production' },
      });
      expect(JSON.stringify(audit)).not.toContain(TEMPORARY_PASSWORD);

      // First sign-in: the embedded pool asks for a new password.
      await expect(t.signIn('new.hire@loupe.test', TEMPORARY_PASSWORD)).rejects.toThrow(
        /NEW_PASSWORD_REQUIRED/,
      );
    });

    it('applies the password policy to the temporary password', async () => {
      const response = await admin.request('POST', '/api/v1/users', {
        body: createBody({ email: 'weak@loupe.test', temporaryPassword: 'password1' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    });

    it('answers 409 CONFLICT for an e-mail address that is taken', async () => {
      const response = await admin.request('POST', '/api/v1/users', {
        body: createBody({ email: 'CHIEF@loupe.test' }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    });

    it('refuses an unknown role', async () => {
      const response = await admin.request('POST', '/api/v1/users', {
        body: createBody({ email: 'odd@loupe.test', role: 'superuser' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('refuses creation to a manager', async () => {
      const { client } = await t.clientAs('manager');
      const response = await client.request('POST', '/api/v1/users', {
        body: createBody({ email: 'm@loupe.test' }),
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('changing', () => {
    it('changes a role and audits from and to', async () => {
      const user = await t.createUser({ role: 'qa' });
      const response = await admin.request('PATCH', `/api/v1/users/${user.id}`, {
        body: { role: 'manager' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: user.id, role: 'manager' });
      const audit = await t.app.loupe.audit.list(20);
      expect(
        audit.find((entry) => entry.action === 'users.role_changed' && entry.subject === user.id),
      ).toMatchObject({
        actorId: adminId,
        details: { from: 'qa', to: 'manager' },
      });
    });

    it('changes names and phone', async () => {
      const user = await t.createUser({ role: 'designer', phone: '555-0000' });
      const response = await admin.request('PATCH', `/api/v1/users/${user.id}`, {
        body: { firstName: 'Elsa', lastName: 'Peretti', phone: null },
      });
      expect(response.json().data).toMatchObject({
        firstName: 'Elsa',
        lastName: 'Peretti',
        name: 'Elsa Peretti',
      });
      expect(response.json().data).not.toHaveProperty('phone');
    });

    it('disabling ends every session of the user at once; enabling lets them sign in again', async () => {
      const { user, tokens } = await t.clientAs('operator');
      const second = await t.signIn(user.email);
      const response = await admin.request('PATCH', `/api/v1/users/${user.id}`, { body: { disabled: true } });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.disabled).toBe(true);

      expect(await idTokenRefused(t, tokens.IdToken)).toBe(true);
      expect(await idTokenRefused(t, second.IdToken)).toBe(true);
      expect(await refreshRefused(t, tokens.RefreshToken)).toBe(true);
      await expect(t.signIn(user.email)).rejects.toThrow();

      await admin.request('PATCH', `/api/v1/users/${user.id}`, { body: { disabled: false } });
      await expect(t.signIn(user.email)).resolves.toMatchObject({ IdToken: expect.any(String) });
      const actions = (await t.app.loupe.audit.list(30))
        .filter((entry) => entry.subject === user.id)
        .map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['users.disabled', 'users.enabled']));
    });

    it('answers 404 NOT_FOUND for an unknown user', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const patched = await admin.request('PATCH', `/api/v1/users/${unknown}`, { body: { role: 'qa' } });
      expect(patched.statusCode).toBe(404);
      expect(patched.json()).toMatchObject({ code: 'NOT_FOUND' });
      const deleted = await admin.request('DELETE', `/api/v1/users/${unknown}`);
      expect(deleted.statusCode).toBe(404);
    });
  });

  describe('protecting administrators', () => {
    it.each([
      ['demote', { role: 'manager' }],
      ['disable', { disabled: true }],
    ])('does not let an admin %s themselves', async (_action, body) => {
      const response = await admin.request('PATCH', `/api/v1/users/${adminId}`, { body });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/your own account/),
      });
      expect((await t.app.loupe.users.findById(adminId))?.role).toBe('admin');
    });

    it('does not let an admin delete themselves', async () => {
      const response = await admin.request('DELETE', `/api/v1/users/${adminId}`);
      expect(response.statusCode).toBe(409);
      expect(await t.app.loupe.users.findById(adminId)).toBeDefined();
    });

    it('lets an admin demote another admin while an active admin remains', async () => {
      const other = await t.createUser({ role: 'admin' });
      const response = await admin.request('PATCH', `/api/v1/users/${other.id}`, { body: { role: 'qa' } });
      expect(response.statusCode).toBe(200);
    });

    it('never leaves the workshop without an active admin', async () => {
      // Only reachable through a race between two admins over HTTP, so the service is called directly.
      const loupe = t.app.loupe;
      const service = createUsersService({ ...loupe, logger: t.app.log });
      const context = { ip: '127.0.0.1', correlationId: 'test' };
      const { items } = await service.list(
        { id: adminId, role: 'admin' },
        { q: 'chief@', limit: 1, offset: 0 },
      );
      expect(items).toHaveLength(1);
      const others = (await loupe.users.list({ limit: 100, offset: 0 })).items.filter(
        (user) => user.role === 'admin' && !user.disabled && user.id !== adminId,
      );
      for (const other of others) await loupe.users.update(other.id, { role: 'qa' });
      expect(await loupe.users.countActiveAdmins()).toBe(1);

      const ghost = { id: '00000000-0000-4000-8000-00000000beef', role: 'admin' as const };
      for (const attempt of [
        () => service.update(ghost, adminId, { role: 'manager' }, context),
        () => service.update(ghost, adminId, { disabled: true }, context),
        () => service.remove(ghost, adminId, context),
      ]) {
        await expect(attempt()).rejects.toMatchObject({
          code: 'CONFLICT',
          message: expect.stringMatching(/last active administrator/),
        });
      }
      expect(await loupe.users.findById(adminId)).toMatchObject({ role: 'admin', disabled: false });
    });

    it('refuses the service to callers who are not admins, whatever the route says', async () => {
      const service = createUsersService({ ...t.app.loupe, logger: t.app.log });
      await expect(
        service.list({ id: adminId, role: 'manager' }, { limit: 1, offset: 0 }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    });
  });

  describe('deleting', () => {
    it('deletes a user, whose tokens are refused from then on, and audits it', async () => {
      const { user, tokens } = await t.clientAs('salesperson');
      const response = await admin.request('DELETE', `/api/v1/users/${user.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true });
      expect(await t.app.loupe.users.findById(user.id)).toBeUndefined();
      expect(await idTokenRefused(t, tokens.IdToken)).toBe(true);
      const audit = await t.app.loupe.audit.list(20);
      expect(audit.some((entry) => entry.action === 'users.deleted' && entry.subject === user.id)).toBe(true);
    });
  });

  describe('mail outbox', () => {
    it('shows admins the latest mails with their delivery state', async () => {
      await t
        .client()
        .request('POST', '/api/v1/auth/forgot-password', { body: { email: 'chief@loupe.test' } });
      const response = await vi.waitFor(
        async () => {
          const answer = await admin.request('GET', '/api/v1/mail/outbox');
          if (!answer.body.includes('reset-password?token='))
            throw new Error('reset mail not in the outbox yet');
          return answer;
        },
        { timeout: 5_000 },
      );
      expect(response.statusCode).toBe(200);
      const { items } = response.json().data;
      expect(items.length).toBeLessThanOrEqual(100);
      expect(items[0]).toMatchObject({
        to: 'chief@loupe.test',
        sentAt: null,
        error: null,
        createdAt: expect.any(String),
      });
    });

    it.each(NON_ADMIN_ROLES)('refuses the outbox to %s', async (role: TRole) => {
      const { client } = await t.clientAs(role);
      expect((await client.request('GET', '/api/v1/mail/outbox')).statusCode).toBe(403);
    });

    it('refuses the outbox to anonymous callers', async () => {
      expect((await t.client().request('GET', '/api/v1/mail/outbox')).statusCode).toBe(401);
    });
  });

  it('never answers with the test password or a hash anywhere in the user API', async () => {
    const response = await admin.request('GET', '/api/v1/users?limit=100');
    expect(response.body).not.toContain(TEST_PASSWORD);
    expect(response.body).not.toContain('$argon2');
  });
});
