import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { OFFSITE_DEFAULTS } from '@loupe/domain/settings/general-settings';
import { ORDER_SETTINGS_DEFAULTS } from '@loupe/domain/settings/order-settings';
import { canAccessSettingsSection } from '@loupe/domain/settings/sections';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_SETTINGS_KEY } from '../src/modules/settings/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

const EDITORS = ROLES.filter((role) => canAccessSettingsSection({ role }, 'orders'));
/** Spec §6 gives them no Settings › orders: they neither read nor change it (issue 20 §5). */
const OTHERS = ROLES.filter((role) => !EDITORS.includes(role));

describe.each(TEST_DATABASES)('order settings on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  beforeAll(async () => {
    t = await createTestApp({ database });
    admin = (await t.clientAs('admin')).client;
  });
  afterAll(() => t.close());
  // Every test starts from a workshop that saved nothing.
  beforeEach(async () => {
    await t.app.loupe.settings.write(ORDER_SETTINGS_KEY, {}, null);
  });

  const read = async () => (await admin.request('GET', '/api/v1/settings/orders')).json().data;

  it('the editors of spec §6 are admin and manager', () => {
    expect(EDITORS).toEqual(['admin', 'manager']);
  });

  it.each(EDITORS)('shows %s the defaults when nothing is saved', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    const response = await client.request('GET', '/api/v1/settings/orders');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: ORDER_SETTINGS_DEFAULTS });
  });

  it.each(OTHERS)('does not show the section to %s (spec §6)', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    const response = await client.request('GET', '/api/v1/settings/orders');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it.each(ROLES)(
    'gives %s the numbering and lead times through the workshop defaults',
    async (role: TRole) => {
      await admin.request('PUT', '/api/v1/settings/orders', {
        body: { repairNumberPrefix: 'FIX', repairLeadTimeDays: 4 },
      });
      const { client } = await t.clientAs(role);
      const response = await client.request('GET', '/api/v1/settings/workshop-defaults');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          ...ORDER_SETTINGS_DEFAULTS,
          repairNumberPrefix: 'FIX',
          repairLeadTimeDays: 4,
          ...OFFSITE_DEFAULTS,
        },
      });
    },
  );

  it('refuses anonymous callers', async () => {
    expect((await t.client().request('GET', '/api/v1/settings/orders')).statusCode).toBe(401);
    const put = await t.client().request('PUT', '/api/v1/settings/orders', { body: { rushLeadTimeDays: 3 } });
    expect(put.statusCode).toBe(401);
  });

  it('lets a manager change a field, keeps the fields left out and audits the change', async () => {
    const { client, user } = await t.clientAs('manager');
    const response = await client.request('PUT', '/api/v1/settings/orders', {
      body: { orderNumberPrefix: 'JOB', rushLeadTimeDays: 5 },
    });
    expect(response.statusCode).toBe(200);
    const expected = { ...ORDER_SETTINGS_DEFAULTS, orderNumberPrefix: 'JOB', rushLeadTimeDays: 5 };
    expect(response.json()).toEqual({ success: true, message: 'Order settings saved.', data: expected });
    expect(await read()).toEqual(expected);

    const later = await client.request('PUT', '/api/v1/settings/orders', {
      body: { repairLeadTimeDays: 14 },
    });
    expect(later.json().data).toEqual({ ...expected, repairLeadTimeDays: 14 });

    const audit = await t.app.loupe.audit.list(20);
    expect(
      audit.find((entry) => entry.action === 'settings.updated' && entry.actorId === user.id),
    ).toMatchObject({
      subject: 'orders',
      details: { section: 'orders', changes: { repairLeadTimeDays: 14 } },
    });
  });

  it('refuses a prefix the other kind numbers with, saying which, and stores nothing (issue 20 §6)', async () => {
    const same = await admin.request('PUT', '/api/v1/settings/orders', {
      body: { orderNumberPrefix: 'JOB', repairNumberPrefix: 'JOB' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        issues: [
          {
            field: 'body.repairNumberPrefix',
            message:
              'Orders are numbered JOB-…: give repairs a different prefix, so an order and a repair never share a number',
          },
        ],
      },
    });

    // Against the stored repair prefix (REP), which the change alone does not show.
    const stored = await admin.request('PUT', '/api/v1/settings/orders', {
      body: { orderNumberPrefix: ORDER_SETTINGS_DEFAULTS.repairNumberPrefix, rushLeadTimeDays: 2 },
    });
    expect(stored.statusCode).toBe(400);
    expect(stored.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'body.orderNumberPrefix: Repairs are numbered REP-…: give orders a different prefix, so an order and a repair never share a number',
      details: { issues: [{ field: 'body.orderNumberPrefix' }] },
    });
    expect(await read()).toEqual(ORDER_SETTINGS_DEFAULTS);
  });

  it('keeps a prefix the other kind numbered with before for that kind, after it moved on', async () => {
    const repair = await createTrackingFixtures(t.database.db, t.clock).repair();
    expect(repair.repairNumber).toMatch(/^REP-/);
    const moved = await admin.request('PUT', '/api/v1/settings/orders', {
      body: { repairNumberPrefix: 'FIX' },
    });
    expect(moved.statusCode).toBe(200);

    const taken = await admin.request('PUT', '/api/v1/settings/orders', {
      body: { orderNumberPrefix: 'REP' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details.issues).toEqual([
      {
        field: 'body.orderNumberPrefix',
        message:
          'Repairs are numbered REP-…: give orders a different prefix, so an order and a repair never share a number',
      },
    ]);
    expect((await read()).orderNumberPrefix).toBe(ORDER_SETTINGS_DEFAULTS.orderNumberPrefix);
  });

  it.each(OTHERS)('refuses changes from %s and stores nothing', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    const response = await client.request('PUT', '/api/v1/settings/orders', {
      body: { orderNumberPrefix: 'HACK' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await read()).toEqual(ORDER_SETTINGS_DEFAULTS);
  });

  it.each([
    ['orderNumberPrefix', 'ord'],
    ['orderNumberPrefix', '1ORD'],
    ['orderNumberPrefix', 'ABCDEFGHI'],
    ['repairNumberPrefix', ''],
    ['defaultLeadTimeDays', 0],
    ['defaultLeadTimeDays', 366],
    ['rushLeadTimeDays', 2.5],
    ['repairLeadTimeDays', '10'],
  ])(
    'refuses %s = %j with VALIDATION_FAILED naming the field, and keeps what was saved',
    async (field, value) => {
      const response = await admin.request('PUT', '/api/v1/settings/orders', { body: { [field]: value } });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { code: string; details: { issues: { field: string }[] } };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details.issues.map((issue) => issue.field)).toContain(`body.${field}`);
      expect(await read()).toEqual(ORDER_SETTINGS_DEFAULTS);
    },
  );

  it('falls back field by field to the defaults when a stored value no longer parses (spec §5)', async () => {
    await t.app.loupe.settings.write(
      ORDER_SETTINGS_KEY,
      { orderNumberPrefix: 'lower', defaultLeadTimeDays: 30, rushLeadTimeDays: 'soon' },
      null,
    );
    expect(await read()).toEqual({ ...ORDER_SETTINGS_DEFAULTS, defaultLeadTimeDays: 30 });
  });
});
