import { describe, expect, it } from 'vitest';
import {
  applyNotificationSettingsChanges,
  NOTIFICATION_DEFAULTS,
  parseStoredNotificationSettings,
  ZNotificationSettingsChangesSchema,
  ZNotificationSettingsSchema,
} from './notification-settings';

describe('notification settings', () => {
  it('defaults to e-mail and offsite alerts and the bell’s notices on, the daily digest off', () => {
    expect(NOTIFICATION_DEFAULTS).toEqual({
      emailAlerts: true,
      offsiteAlerts: true,
      dailyDigest: false,
      scanToasts: true,
      alertNotices: true,
      taskNotices: true,
      quietHours: null,
    });
    expect(ZNotificationSettingsSchema.parse({})).toEqual(NOTIFICATION_DEFAULTS);
  });

  it.each([
    ['emailAlerts', 'yes'],
    ['offsiteAlerts', 1],
    ['dailyDigest', null],
    ['quietHours', { start: '20:00' }],
    ['quietHours', { start: '25:00', end: '07:00' }],
    ['quietHours', { start: '07:00', end: '07:00' }],
  ])('rejects %s = %j in a change', (field, value) => {
    expect(ZNotificationSettingsChangesSchema.safeParse({ [field]: value }).success).toBe(false);
  });

  it('accepts an empty change and keeps every field', () => {
    const current = {
      emailAlerts: false,
      offsiteAlerts: true,
      dailyDigest: true,
      scanToasts: false,
      alertNotices: false,
      taskNotices: true,
      quietHours: { start: '20:00', end: '07:00' },
    };
    const changes = ZNotificationSettingsChangesSchema.parse({});
    expect(applyNotificationSettingsChanges(current, changes)).toEqual(current);
  });

  it('applies the fields a change gives, false included', () => {
    expect(
      applyNotificationSettingsChanges(NOTIFICATION_DEFAULTS, { emailAlerts: false, dailyDigest: true }),
    ).toEqual({ ...NOTIFICATION_DEFAULTS, emailAlerts: false, dailyDigest: true });
  });

  it('sets quiet hours, keeps them when a change leaves them out, and clears them with null', () => {
    const night = { start: '20:00', end: '07:00' };
    const quiet = applyNotificationSettingsChanges(NOTIFICATION_DEFAULTS, { quietHours: night });
    expect(quiet.quietHours).toEqual(night);
    expect(applyNotificationSettingsChanges(quiet, { scanToasts: false }).quietHours).toEqual(night);
    expect(applyNotificationSettingsChanges(quiet, { quietHours: null }).quietHours).toBeNull();
  });
});

describe('parseStoredNotificationSettings', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['a list', [true]],
    ['a string', 'on'],
  ])('falls back to the defaults when the stored value is %s', (_label, stored) => {
    expect(parseStoredNotificationSettings(stored)).toEqual(NOTIFICATION_DEFAULTS);
  });

  it('falls back field by field', () => {
    expect(
      parseStoredNotificationSettings({
        emailAlerts: 'nope',
        dailyDigest: true,
        taskNotices: 3,
        quietHours: { start: 'late' },
      }),
    ).toEqual({
      ...NOTIFICATION_DEFAULTS,
      dailyDigest: true,
    });
  });
});
