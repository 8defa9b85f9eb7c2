import { describe, expect, it } from 'vitest';
import { GENERAL_SETTINGS_LIMITS, OFFSITE_DEFAULTS } from './general-settings';
import {
  applyWorkshopGeneralSettingsChanges,
  parseStoredWorkshopGeneralSettings,
  ZWorkshopGeneralSettingsChangesSchema,
  ZWorkshopGeneralSettingsSchema,
} from './workshop-general-settings';

describe('ZWorkshopGeneralSettingsSchema', () => {
  it('is the spec §9 offsite defaults with no branding override', () => {
    expect(ZWorkshopGeneralSettingsSchema.parse({})).toEqual(OFFSITE_DEFAULTS);
  });
});

describe('ZWorkshopGeneralSettingsChangesSchema', () => {
  it('accepts an empty change without filling defaults in', () => {
    expect(ZWorkshopGeneralSettingsChangesSchema.parse({})).toEqual({});
  });

  it('accepts null for a branding field (remove the override)', () => {
    expect(ZWorkshopGeneralSettingsChangesSchema.parse({ tagline: null })).toEqual({ tagline: null });
  });

  it.each([
    ['offsiteTimeout', 0],
    ['offsiteTimeout', null],
    ['expectedOffsiteGracePeriod', GENERAL_SETTINGS_LIMITS.expectedOffsiteGracePeriod + 1],
    ['offsiteCheckInterval', 1.5],
    ['autoOffsiteDetection', 'true'],
    ['companyName', ''],
    ['logoUrl', 'ftp://example.com/logo.png'],
  ])('refuses %s = %j', (field, value) => {
    expect(ZWorkshopGeneralSettingsChangesSchema.safeParse({ [field]: value }).success).toBe(false);
  });
});

describe('applyWorkshopGeneralSettingsChanges', () => {
  const current = { ...OFFSITE_DEFAULTS, companyName: 'Atelier', tagline: 'Ours' };

  it('keeps the fields a change leaves out', () => {
    expect(applyWorkshopGeneralSettingsChanges(current, { offsiteTimeout: 45 })).toEqual({
      ...current,
      offsiteTimeout: 45,
    });
  });

  it('sets, replaces and removes branding overrides', () => {
    expect(
      applyWorkshopGeneralSettingsChanges(current, {
        companyName: 'Maison',
        tagline: null,
        logoUrl: '/logo.svg',
        autoOffsiteDetection: false,
      }),
    ).toEqual({
      ...OFFSITE_DEFAULTS,
      autoOffsiteDetection: false,
      companyName: 'Maison',
      logoUrl: '/logo.svg',
    });
  });
});

describe('parseStoredWorkshopGeneralSettings', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['a list', [1]],
  ])('gives the defaults when the stored value is %s', (_label, stored) => {
    expect(parseStoredWorkshopGeneralSettings(stored)).toEqual(OFFSITE_DEFAULTS);
  });

  it('falls back field by field and drops a bad override', () => {
    const parsed = parseStoredWorkshopGeneralSettings({
      offsiteTimeout: 'soon',
      offsiteCheckInterval: 10,
      companyName: 'Atelier',
      logoUrl: 'javascript:alert(1)',
    });
    expect(parsed).toEqual({ ...OFFSITE_DEFAULTS, offsiteCheckInterval: 10, companyName: 'Atelier' });
    expect(Object.keys(parsed)).not.toContain('logoUrl');
  });
});

describe("the shop's contact (issue 15 §6)", () => {
  const base = { ...OFFSITE_DEFAULTS };

  it('sets phone, e-mail (lower-cased) and address lines, and null or no lines removes them', () => {
    const changes = ZWorkshopGeneralSettingsChangesSchema.parse({
      shopPhone: ' +1 555 010 9999 ',
      shopEmail: 'Hello@Atelier.Example',
      shopAddressLines: ['12 Goldsmith Row', 'Springfield'],
    });
    const set = applyWorkshopGeneralSettingsChanges(base, changes);
    expect(set).toMatchObject({
      shopPhone: '+1 555 010 9999',
      shopEmail: 'hello@atelier.example',
      shopAddressLines: ['12 Goldsmith Row', 'Springfield'],
    });
    const cleared = applyWorkshopGeneralSettingsChanges(set, {
      shopPhone: null,
      shopEmail: null,
      shopAddressLines: [],
    });
    expect(cleared).toEqual(base);
  });

  it('refuses an address of more than four lines and a phone that is not one', () => {
    expect(
      ZWorkshopGeneralSettingsChangesSchema.safeParse({ shopAddressLines: ['a', 'b', 'c', 'd', 'e'] })
        .success,
    ).toBe(false);
    expect(ZWorkshopGeneralSettingsChangesSchema.safeParse({ shopPhone: 'call us' }).success).toBe(false);
  });

  it('drops a stored contact field that no longer parses, keeping the rest', () => {
    expect(parseStoredWorkshopGeneralSettings({ shopPhone: 42, shopEmail: 'shop@example.com' })).toEqual({
      ...base,
      shopEmail: 'shop@example.com',
    });
  });
});
