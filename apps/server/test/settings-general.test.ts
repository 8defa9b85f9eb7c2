import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { GENERAL_SETTINGS_LIMITS, OFFSITE_DEFAULTS } from '@loupe/domain/settings/general-settings';
import { canAccessSettingsSection } from '@loupe/domain/settings/sections';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const EDITORS = ROLES.filter((role) => canAccessSettingsSection({ role }, 'general'));
/** Spec §6 gives them no Settings › general: they neither read nor change it (issue 20 §5). */
const OTHERS = ROLES.filter((role) => !EDITORS.includes(role));

describe.each(TEST_DATABASES)('general settings on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp({ database, env: { COMPANY_NAME: 'Atelier Nord' } });
    const signedIn = await t.clientAs('admin');
    admin = signedIn.client;
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());
  // Every test starts from a workshop that saved nothing.
  beforeEach(async () => {
    await t.app.loupe.settings.write('general', {}, null);
  });

  it('the editors of spec §6 are admin and manager', () => {
    expect(EDITORS).toEqual(['admin', 'manager']);
  });

  it.each(EDITORS)('shows %s the spec §9 offsite defaults and no branding override', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    const response = await client.request('GET', '/api/v1/settings/general');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: OFFSITE_DEFAULTS });
  });

  it.each(OTHERS)('does not show the section to %s (spec §6)', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    const response = await client.request('GET', '/api/v1/settings/general');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it.each(ROLES)(
    'gives %s the offsite timings through the workshop defaults, without the branding',
    async (role: TRole) => {
      await admin.request('PUT', '/api/v1/settings/general', {
        body: { offsiteTimeout: 45, companyName: 'Atelier Sud' },
      });
      const { client } = await t.clientAs(role);
      const response = await client.request('GET', '/api/v1/settings/workshop-defaults');
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ ...OFFSITE_DEFAULTS, offsiteTimeout: 45 });
      expect(data).not.toHaveProperty('companyName');
    },
  );

  it('refuses anonymous callers', async () => {
    expect((await t.client().request('GET', '/api/v1/settings/general')).statusCode).toBe(401);
    const put = await t.client().request('PUT', '/api/v1/settings/general', { body: { offsiteTimeout: 10 } });
    expect(put.statusCode).toBe(401);
  });

  it('lets a manager change the offsite rules, keeps the fields left out and audits the change', async () => {
    const { client, user } = await t.clientAs('manager');
    const response = await client.request('PUT', '/api/v1/settings/general', {
      body: { offsiteTimeout: 45, autoOffsiteDetection: false },
    });
    expect(response.statusCode).toBe(200);
    const expected = { ...OFFSITE_DEFAULTS, offsiteTimeout: 45, autoOffsiteDetection: false };
    expect(response.json()).toEqual({ success: true, message: 'General settings saved.', data: expected });
    expect((await admin.request('GET', '/api/v1/settings/general')).json().data).toEqual(expected);

    const audit = await t.app.loupe.audit.list(20);
    expect(
      audit.find((entry) => entry.action === 'settings.updated' && entry.actorId === user.id),
    ).toMatchObject({
      subject: 'general',
      details: { section: 'general', changes: { offsiteTimeout: 45, autoOffsiteDetection: false } },
    });
  });

  it.each(OTHERS)('refuses changes from %s and stores nothing', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    const response = await client.request('PUT', '/api/v1/settings/general', {
      body: { offsiteTimeout: 99, companyName: 'Hijacked' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await admin.request('GET', '/api/v1/settings/general')).json().data).toEqual(OFFSITE_DEFAULTS);
  });

  it.each([
    ['offsiteTimeout', 0],
    ['offsiteTimeout', 2.5],
    ['offsiteTimeout', '30'],
    ['offsiteTimeout', null],
    ['expectedOffsiteGracePeriod', GENERAL_SETTINGS_LIMITS.expectedOffsiteGracePeriod + 1],
    ['offsiteCheckInterval', -1],
    ['autoOffsiteDetection', 'yes'],
    ['companyName', '   '],
    ['companyName', 'x'.repeat(101)],
    ['tagline', 42],
    ['logoUrl', 'javascript:alert(1)'],
    ['logoUrl', 'http://localhost:3000/logo.png'],
    ['logoUrl', '//evil.example/logo.png'],
  ])('refuses %s = %j with VALIDATION_FAILED naming the field', async (field, value) => {
    const response = await admin.request('PUT', '/api/v1/settings/general', { body: { [field]: value } });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; details: { issues: { field: string }[] } };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.issues.map((issue) => issue.field)).toContain(`body.${field}`);
    expect((await admin.request('GET', '/api/v1/settings/general')).json().data).toEqual(OFFSITE_DEFAULTS);
  });

  it('stores branding overrides, trimmed, and a null removes one', async () => {
    const saved = await admin.request('PUT', '/api/v1/settings/general', {
      body: {
        companyName: '  Maison Lumière ',
        tagline: 'Fine jewelry since 1920',
        logoUrl: '/brand/logo.svg',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      ...OFFSITE_DEFAULTS,
      companyName: 'Maison Lumière',
      tagline: 'Fine jewelry since 1920',
      logoUrl: '/brand/logo.svg',
    });

    const cleared = await admin.request('PUT', '/api/v1/settings/general', {
      body: { tagline: null, logoUrl: 'https://cdn.example.com/logo.png' },
    });
    expect(cleared.json().data).toEqual({
      ...OFFSITE_DEFAULTS,
      companyName: 'Maison Lumière',
      logoUrl: 'https://cdn.example.com/logo.png',
    });
  });

  it('publishes stored branding in GET /api/config, and the environment default once removed', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(before).toMatchObject({ companyName: 'Atelier Nord', tagline: t.config.COMPANY_TAGLINE });
    expect(before).not.toHaveProperty('logoUrl');

    await admin.request('PUT', '/api/v1/settings/general', {
      body: { companyName: 'Maison Lumière', tagline: 'Fine jewelry', logoUrl: '/brand/logo.svg' },
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(after).toMatchObject({
      companyName: 'Maison Lumière',
      tagline: 'Fine jewelry',
      logoUrl: '/brand/logo.svg',
      authMode: 'local',
    });

    await admin.request('PUT', '/api/v1/settings/general', {
      body: { companyName: null, tagline: null, logoUrl: null },
    });
    const reverted = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(reverted).toMatchObject({ companyName: 'Atelier Nord', tagline: t.config.COMPANY_TAGLINE });
    expect(reverted).not.toHaveProperty('logoUrl');
  });

  it("saves the workshop's locale in its canonical spelling, audits it and gives it to every signed-in user", async () => {
    const saved = await admin.request('PUT', '/api/v1/settings/general', { body: { locale: 'en-gb' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...OFFSITE_DEFAULTS, locale: 'en-GB' });
    expect((await admin.request('GET', '/api/v1/settings/general')).json().data).toEqual({
      ...OFFSITE_DEFAULTS,
      locale: 'en-GB',
    });
    const audit = await t.app.loupe.audit.list(5);
    expect(audit.find((entry) => entry.action === 'settings.updated')).toMatchObject({
      details: { section: 'general', changes: { locale: 'en-gb' } },
    });
    const { client } = await t.clientAs('production');
    const defaults = await client.request('GET', '/api/v1/settings/workshop-defaults');
    expect(defaults.json().data).toMatchObject({ locale: 'en-GB' });

    // A change that leaves the locale out keeps it.
    const kept = await admin.request('PUT', '/api/v1/settings/general', { body: { offsiteTimeout: 45 } });
    expect(kept.json().data).toMatchObject({ offsiteTimeout: 45, locale: 'en-GB' });
  });

  it('gives no locale while none is saved: the screens use en-US', async () => {
    const { client } = await t.clientAs('production');
    const defaults = await client.request('GET', '/api/v1/settings/workshop-defaults');
    expect(defaults.json().data).not.toHaveProperty('locale');
  });

  it.each(['xx-YY', 'en_US', 'English', 'i-klingon', '', 'x'.repeat(36)])(
    'refuses the locale %j with LOCALE_UNKNOWN or VALIDATION_FAILED naming the field, and stores nothing',
    async (locale) => {
      await admin.request('PUT', '/api/v1/settings/general', { body: { locale: 'fr-FR' } });
      const response = await admin.request('PUT', '/api/v1/settings/general', {
        body: { locale, offsiteTimeout: 45 },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json() as {
        code: string;
        details: { issues: { field: string; message: string }[] };
      };
      // A tag of the right length that no locale answers to has its own code; a blank or overlong one is
      // simply not valid.
      expect(body.code).toBe(
        locale.length >= 2 && locale.length <= 35 ? 'LOCALE_UNKNOWN' : 'VALIDATION_FAILED',
      );
      expect(body.details.issues.map((issue) => issue.field)).toContain('body.locale');
      const stored = (await admin.request('GET', '/api/v1/settings/general')).json().data;
      expect(stored).toEqual({ ...OFFSITE_DEFAULTS, locale: 'fr-FR' });
    },
  );

  it('answers VALIDATION_FAILED, naming both fields, when an unknown locale comes with another invalid field', async () => {
    const response = await admin.request('PUT', '/api/v1/settings/general', {
      body: { locale: 'xx-YY', offsiteTimeout: 0 },
    });
    expect(response.statusCode).toBe(400);
    // Two problems, one of them not the locale's: the generic code, both fields named.
    const body = response.json() as { code: string; details: { issues: { field: string }[] } };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.issues.map((issue) => issue.field)).toEqual(
      expect.arrayContaining(['body.locale', 'body.offsiteTimeout']),
    );
  });

  it('falls back field by field when the stored value is damaged', async () => {
    await t.app.loupe.settings.write(
      'general',
      {
        offsiteTimeout: 'soon',
        offsiteCheckInterval: 10,
        companyName: 'Atelier',
        logoUrl: 'javascript:x',
        locale: 'xx-YY',
      },
      adminId,
    );
    const response = await admin.request('GET', '/api/v1/settings/general');
    expect(response.json().data).toEqual({
      ...OFFSITE_DEFAULTS,
      offsiteCheckInterval: 10,
      companyName: 'Atelier',
    });
  });
});
