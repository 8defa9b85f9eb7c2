import { describe, expect, it } from 'vitest';
import { OFFSITE_DEFAULTS } from './general-settings';
import {
  applyWorkshopGeneralSettingsChanges,
  parseStoredWorkshopGeneralSettings,
  ZWorkshopGeneralSettingsChangesSchema,
} from './workshop-general-settings';
import {
  canonicalLocale,
  isWorkshopLocale,
  WORKSHOP_LOCALE_CHOICES,
  ZWorkshopLocaleSchema,
} from './workshop-locale';

describe("the workshop's locale (issue 35 §5)", () => {
  it.each(['en-US', 'en-GB', 'fr-FR', 'de-DE', 'en-gb', 'es-419', ...WORKSHOP_LOCALE_CHOICES])(
    'takes %s',
    (tag) => {
      expect(isWorkshopLocale(tag)).toBe(true);
    },
  );

  it.each(['xx-YY', 'zz', 'en_US', 'English', 'i-klingon', 'und', ''])('refuses %j', (tag) => {
    expect(isWorkshopLocale(tag)).toBe(false);
  });

  it('spells a tag the canonical way', () => {
    expect(canonicalLocale('en-gb')).toBe('en-GB');
    expect(canonicalLocale('DE-de')).toBe('de-DE');
    expect(canonicalLocale('en_US')).toBeNull();
  });

  it('names its refusal LOCALE_UNKNOWN, for the server to answer with', () => {
    const result = ZWorkshopLocaleSchema.safeParse('xx-YY');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ params: { code: 'LOCALE_UNKNOWN' } });
  });

  it('is stored canonical, kept when a change leaves it out, and dropped when the stored one is damaged', () => {
    const changes = ZWorkshopGeneralSettingsChangesSchema.parse({ locale: 'en-gb' });
    const saved = applyWorkshopGeneralSettingsChanges({ ...OFFSITE_DEFAULTS }, changes);
    expect(saved).toEqual({ ...OFFSITE_DEFAULTS, locale: 'en-GB' });
    expect(applyWorkshopGeneralSettingsChanges(saved, { offsiteTimeout: 45 })).toMatchObject({
      locale: 'en-GB',
    });
    expect(parseStoredWorkshopGeneralSettings({ locale: 'fr-FR' })).toEqual({
      ...OFFSITE_DEFAULTS,
      locale: 'fr-FR',
    });
    expect(parseStoredWorkshopGeneralSettings({ locale: 'xx-YY' })).toEqual(OFFSITE_DEFAULTS);
  });
});
