import { describe, expect, it } from 'vitest';
import {
  GENERAL_SETTINGS_LIMITS,
  GENERAL_SETTINGS_STORAGE_KEY,
  OFFSITE_DEFAULTS,
  parseStoredGeneralSettings,
  ZGeneralSettingsSchema,
} from './general-settings';

describe('general settings', () => {
  it('uses the spec §3 storage key', () => {
    expect(GENERAL_SETTINGS_STORAGE_KEY).toBe('generalSettings');
  });

  it('has the spec §9 offsite defaults', () => {
    expect(OFFSITE_DEFAULTS).toEqual({
      offsiteTimeout: 30,
      expectedOffsiteGracePeriod: 60,
      autoOffsiteDetection: true,
      offsiteCheckInterval: 5,
    });
  });

  it('fills every missing field with its default', () => {
    expect(ZGeneralSettingsSchema.parse({})).toEqual(OFFSITE_DEFAULTS);
    expect(ZGeneralSettingsSchema.parse({ offsiteTimeout: 45 })).toEqual({
      ...OFFSITE_DEFAULTS,
      offsiteTimeout: 45,
    });
  });

  it.each([
    ['offsiteTimeout', 0],
    ['offsiteTimeout', -5],
    ['offsiteTimeout', 2.5],
    ['offsiteTimeout', GENERAL_SETTINGS_LIMITS.offsiteTimeout + 1],
    ['offsiteTimeout', '30'],
    ['expectedOffsiteGracePeriod', 0],
    ['expectedOffsiteGracePeriod', GENERAL_SETTINGS_LIMITS.expectedOffsiteGracePeriod + 1],
    ['offsiteCheckInterval', 0],
    ['offsiteCheckInterval', GENERAL_SETTINGS_LIMITS.offsiteCheckInterval + 1],
    ['autoOffsiteDetection', 'yes'],
  ])('rejects %s = %j', (field, value) => {
    expect(ZGeneralSettingsSchema.safeParse({ [field]: value }).success).toBe(false);
  });

  it('accepts the maxima', () => {
    expect(
      ZGeneralSettingsSchema.safeParse({ ...GENERAL_SETTINGS_LIMITS, autoOffsiteDetection: false }).success,
    ).toBe(true);
  });
});

describe('parseStoredGeneralSettings', () => {
  it.each([
    ['missing (null)', null],
    ['missing (undefined)', undefined],
    ['empty', ''],
    ['unparsable JSON', '{offsiteTimeout:'],
    ['a list', '[1,2]'],
    ['a number', '42'],
    ['JSON null', 'null'],
  ])('falls back to the defaults when the stored value is %s', (_label, raw) => {
    expect(parseStoredGeneralSettings(raw)).toEqual(OFFSITE_DEFAULTS);
  });

  it('keeps every valid stored field', () => {
    const stored = {
      offsiteTimeout: 15,
      expectedOffsiteGracePeriod: 120,
      autoOffsiteDetection: false,
      offsiteCheckInterval: 1,
    };
    expect(parseStoredGeneralSettings(JSON.stringify(stored))).toEqual(stored);
  });

  it('falls back field by field: one bad field takes its default, the others are kept', () => {
    const raw = JSON.stringify({
      offsiteTimeout: 'soon',
      expectedOffsiteGracePeriod: 90,
      autoOffsiteDetection: false,
    });
    expect(parseStoredGeneralSettings(raw)).toEqual({
      offsiteTimeout: 30,
      expectedOffsiteGracePeriod: 90,
      autoOffsiteDetection: false,
      offsiteCheckInterval: 5,
    });
  });

  it('returns a fresh object each time, so callers cannot mutate the defaults', () => {
    const a = parseStoredGeneralSettings(null);
    expect(a).not.toBe(parseStoredGeneralSettings(null));
    expect(a).not.toBe(OFFSITE_DEFAULTS);
  });
});
