import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { NOTIFICATION_DEFAULTS } from '@loupe/domain/settings/notification-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

describe.each(TEST_DATABASES)('notification settings on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(() => t.close());

  it('defaults to e-mail and offsite alerts and the bell’s notices on, the daily digest and quiet hours off', () => {
    expect(NOTIFICATION_DEFAULTS).toEqual({
      emailAlerts: true,
      offsiteAlerts: true,
      dailyDigest: false,
      scanToasts: true,
      alertNotices: true,
      taskNotices: true,
      quietHours: null,
    });
  });

  it.each(ROLES)('lets %s read and change their own preferences', async (role: TRole) => {
    const { client, user } = await t.clientAs(role);
    const initial = await client.request('GET', '/api/v1/settings/notifications');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ success: true, data: NOTIFICATION_DEFAULTS });

    const saved = await client.request('PUT', '/api/v1/settings/notifications', {
      body: { dailyDigest: true, emailAlerts: false },
    });
    expect(saved.statusCode).toBe(200);
    const expected = { ...NOTIFICATION_DEFAULTS, emailAlerts: false, dailyDigest: true };
    expect(saved.json()).toEqual({ success: true, message: 'Notification settings saved.', data: expected });
    expect((await client.request('GET', '/api/v1/settings/notifications')).json().data).toEqual(expected);

    const audit = await t.app.loupe.audit.list(50);
    expect(
      audit.find((entry) => entry.action === 'settings.updated' && entry.actorId === user.id),
    ).toMatchObject({
      subject: `notifications:${user.id}`,
      details: { section: 'notifications', changes: { dailyDigest: true, emailAlerts: false } },
    });
  });

  it("keeps one user's preferences invisible to and untouched by another, an admin included", async () => {
    const ana = await t.clientAs('designer');
    const boss = await t.clientAs('admin');
    await ana.client.request('PUT', '/api/v1/settings/notifications', { body: { offsiteAlerts: false } });

    expect((await boss.client.request('GET', '/api/v1/settings/notifications')).json().data).toEqual(
      NOTIFICATION_DEFAULTS,
    );
    // There is no way to name another user: unknown keys such as userId are ignored.
    await boss.client.request('PUT', '/api/v1/settings/notifications', {
      body: { userId: ana.user.id, offsiteAlerts: true, dailyDigest: true },
    });
    expect((await ana.client.request('GET', '/api/v1/settings/notifications')).json().data).toEqual({
      ...NOTIFICATION_DEFAULTS,
      offsiteAlerts: false,
    });
    expect((await boss.client.request('GET', '/api/v1/settings/notifications')).json().data).toEqual({
      ...NOTIFICATION_DEFAULTS,
      dailyDigest: true,
      scanToasts: true,
    });
  });

  it('refuses anonymous callers', async () => {
    expect((await t.client().request('GET', '/api/v1/settings/notifications')).statusCode).toBe(401);
    const put = await t
      .client()
      .request('PUT', '/api/v1/settings/notifications', { body: { dailyDigest: true } });
    expect(put.statusCode).toBe(401);
  });

  it.each([
    ['emailAlerts', 'yes'],
    ['offsiteAlerts', 0],
    ['dailyDigest', null],
  ])('refuses %s = %j with VALIDATION_FAILED naming the field', async (field, value) => {
    const { client } = await t.clientAs('qa');
    const response = await client.request('PUT', '/api/v1/settings/notifications', {
      body: { [field]: value },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; details: { issues: { field: string }[] } };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.issues.map((issue) => issue.field)).toContain(`body.${field}`);
    expect((await client.request('GET', '/api/v1/settings/notifications')).json().data).toEqual(
      NOTIFICATION_DEFAULTS,
    );
  });
});
