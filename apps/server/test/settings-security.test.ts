import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { SECURITY_DEFAULTS } from '@loupe/domain/settings/security-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const NON_ADMIN_ROLES = ROLES.filter((role) => role !== 'admin');

describe.each(TEST_DATABASES)('security settings on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '10000', ACCESS_TOKEN_MINUTES: '20' },
    });
    const signedIn = await t.clientAs('admin');
    admin = signedIn.client;
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());

  it('shows admins the current settings: registration closed, lifetimes from the configuration', async () => {
    const response = await admin.request('GET', '/api/v1/settings/security');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        selfRegistration: SECURITY_DEFAULTS.selfRegistration,
        accessTokenMinutes: 20,
        refreshTokenDays: t.config.REFRESH_TOKEN_DAYS,
        mfaRequiredRoles: [],
      },
    });
  });

  it.each(NON_ADMIN_ROLES)('refuses the security settings to %s', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    expect((await client.request('GET', '/api/v1/settings/security')).statusCode).toBe(403);
    const put = await client.request('PUT', '/api/v1/settings/security', {
      body: { selfRegistration: true },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.loupe.securitySettings()).selfRegistration).toBe(false);
  });

  it('refuses anonymous callers', async () => {
    expect((await t.client().request('GET', '/api/v1/settings/security')).statusCode).toBe(401);
  });

  it.each([
    ['a lifetime below the minimum', { accessTokenMinutes: 2 }],
    ['a lifetime that is not a whole number', { refreshTokenDays: 1.5 }],
    ['a flag that is not a boolean', { selfRegistration: 'yes' }],
  ])('refuses %s with VALIDATION_FAILED', async (_case, body) => {
    const response = await admin.request('PUT', '/api/v1/settings/security', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('stores a change, keeps the fields left out, answers the stored value and audits it', async () => {
    const response = await admin.request('PUT', '/api/v1/settings/security', {
      body: { selfRegistration: true, refreshTokenDays: 7 },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      selfRegistration: true,
      accessTokenMinutes: 20,
      refreshTokenDays: 7,
      mfaRequiredRoles: [],
    };
    expect(response.json()).toMatchObject({ success: true, data: expected });
    expect(await t.app.loupe.securitySettings()).toEqual(expected);
    expect((await admin.request('GET', '/api/v1/settings/security')).json().data).toEqual(expected);

    const audit = await t.app.loupe.audit.list(10);
    expect(audit.find((entry) => entry.action === 'settings.updated')).toMatchObject({
      actorId: adminId,
      subject: 'security',
      details: { section: 'security', changes: { selfRegistration: true, refreshTokenDays: 7 } },
    });
  });

  it('stores the roles that must use two-step sign-in, audited, and refuses unknown or repeated roles', async () => {
    const response = await admin.request('PUT', '/api/v1/settings/security', {
      body: { mfaRequiredRoles: ['admin', 'manager'] },
    });
    expect(response.statusCode).toBe(200);
    expect((await t.app.loupe.securitySettings()).mfaRequiredRoles).toEqual(['admin', 'manager']);
    const audit = await t.app.loupe.audit.list(10);
    expect(audit.find((entry) => entry.action === 'settings.updated')).toMatchObject({
      actorId: adminId,
      details: { section: 'security', changes: { mfaRequiredRoles: ['admin', 'manager'] } },
    });
    for (const mfaRequiredRoles of [['owner'], ['qa', 'qa']]) {
      const refused = await admin.request('PUT', '/api/v1/settings/security', { body: { mfaRequiredRoles } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await admin.request('PUT', '/api/v1/settings/security', { body: { mfaRequiredRoles: [] } });
    expect((await t.app.loupe.securitySettings()).mfaRequiredRoles).toEqual([]);
  });

  it('opens self-registration for new accounts once saved', async () => {
    await admin.request('PUT', '/api/v1/settings/security', { body: { selfRegistration: false } });
    const body = { email: 'walk.in@loupe.test', password: 'a long enough passphrase', name: 'Walk In' };
    const closed = await t.client().request('POST', '/api/v1/auth/register', { body });
    expect(closed.json()).toMatchObject({ code: 'REGISTRATION_CLOSED' });
    await admin.request('PUT', '/api/v1/settings/security', { body: { selfRegistration: true } });
    const open = await t.client().request('POST', '/api/v1/auth/register', { body });
    expect(open.statusCode).toBe(201);
  });

  it('issues tokens with the lifetime an admin set', async () => {
    await admin.request('PUT', '/api/v1/settings/security', { body: { accessTokenMinutes: 60 } });
    const user = await t.createUser({ role: 'qa' });
    const tokens = await t.signIn(user.email);
    expect(tokens.ExpiresIn).toBe(3600);
  });
});
