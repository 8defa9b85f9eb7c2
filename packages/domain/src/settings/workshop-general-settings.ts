import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { BRANDING_FIELDS, ZBrandingSettingsSchema } from './branding-settings';
import { OFFSITE_DEFAULTS, ZGeneralSettingsSchema } from './general-settings';
import { SHOP_CONTACT_FIELDS } from './shop-contact';
import { canonicalLocale, ZWorkshopLocaleSchema } from './workshop-locale';

/** Settings › general › nightly backup: how many nightly backups to keep; 0 or absent: none are made. */
export const NIGHTLY_BACKUP_KEEP_MAX = 365;
const nightlyBackupKeep = lazySchema(() => z.number().int().min(0).max(NIGHTLY_BACKUP_KEEP_MAX));

/**
 * Settings › general as the server stores it for the whole workshop: the offsite rules of spec §3/§9
 * (missing fields take their defaults) plus the branding overrides (missing means the installation default).
 */
export const ZWorkshopGeneralSettingsSchema = lazySchema(() =>
  z.object({
    ...ZGeneralSettingsSchema.unwrap().shape,
    ...ZBrandingSettingsSchema.unwrap().shape,
    // The shop's contact for the public tracking page (issue 15 §6); missing means not shown.
    shopPhone: SHOP_CONTACT_FIELDS.shopPhone.optional(),
    shopEmail: SHOP_CONTACT_FIELDS.shopEmail.optional(),
    shopAddressLines: SHOP_CONTACT_FIELDS.shopAddressLines.optional(),
    // Issue 42 §1: a backup every night at BACKUP_HOUR, the newest this many kept; missing means off.
    nightlyBackupKeep: nightlyBackupKeep.optional(),
    // Issue 35 §5: how dates and figures read on every screen; missing means WORKSHOP_LOCALE_DEFAULT.
    locale: ZWorkshopLocaleSchema.optional(),
  }),
);
export type TWorkshopGeneralSettings = z.output<typeof ZWorkshopGeneralSettingsSchema>;

// The offsite fields as the general settings declare them, read when a schema below is built.
const offsite = () => ZGeneralSettingsSchema.unwrap().shape;

/**
 * A change: a field left out keeps its current value; a branding field set to null removes the override,
 * so the installation's default shows again.
 */
export const ZWorkshopGeneralSettingsChangesSchema = lazySchema(() =>
  z.object({
    offsiteTimeout: offsite().offsiteTimeout.unwrap().optional(),
    expectedOffsiteGracePeriod: offsite().expectedOffsiteGracePeriod.unwrap().optional(),
    autoOffsiteDetection: offsite().autoOffsiteDetection.unwrap().optional(),
    offsiteCheckInterval: offsite().offsiteCheckInterval.unwrap().optional(),
    companyName: BRANDING_FIELDS.companyName.nullable().optional(),
    tagline: BRANDING_FIELDS.tagline.nullable().optional(),
    logoUrl: BRANDING_FIELDS.logoUrl.nullable().optional(),
    shopPhone: SHOP_CONTACT_FIELDS.shopPhone.nullable().optional(),
    shopEmail: SHOP_CONTACT_FIELDS.shopEmail.nullable().optional(),
    shopAddressLines: SHOP_CONTACT_FIELDS.shopAddressLines.nullable().optional(),
    nightlyBackupKeep: nightlyBackupKeep.optional(),
    locale: ZWorkshopLocaleSchema.optional(),
  }),
);
export type TWorkshopGeneralSettingsChanges = z.output<typeof ZWorkshopGeneralSettingsChangesSchema>;

// Fields whose null removes them (an override, or a contact detail no longer shown).
const BRANDING_KEYS = ['companyName', 'tagline', 'logoUrl', 'shopPhone', 'shopEmail'] as const;

/** The stored settings with a change applied. */
export function applyWorkshopGeneralSettingsChanges(
  current: TWorkshopGeneralSettings,
  changes: TWorkshopGeneralSettingsChanges,
): TWorkshopGeneralSettings {
  const next: TWorkshopGeneralSettings = {
    offsiteTimeout: changes.offsiteTimeout ?? current.offsiteTimeout,
    expectedOffsiteGracePeriod: changes.expectedOffsiteGracePeriod ?? current.expectedOffsiteGracePeriod,
    autoOffsiteDetection: changes.autoOffsiteDetection ?? current.autoOffsiteDetection,
    offsiteCheckInterval: changes.offsiteCheckInterval ?? current.offsiteCheckInterval,
  };
  for (const key of BRANDING_KEYS) {
    const value = changes[key] === undefined ? current[key] : changes[key];
    if (value !== null && value !== undefined) next[key] = value;
  }
  const addressLines =
    changes.shopAddressLines === undefined ? current.shopAddressLines : changes.shopAddressLines;
  if (addressLines !== null && addressLines !== undefined && addressLines.length > 0) {
    next.shopAddressLines = addressLines;
  }
  // Kept in its canonical spelling ('en-gb' → 'en-GB'), so the web compares and caches one tag.
  const locale = changes.locale === undefined ? current.locale : canonicalLocale(changes.locale);
  if (locale !== null && locale !== undefined) next.locale = locale;
  const keep = changes.nightlyBackupKeep ?? current.nightlyBackupKeep;
  if (keep !== undefined && keep > 0) next.nightlyBackupKeep = keep;
  return next;
}

// Stored values fall back field by field (spec §5): one bad field must not throw away the others.
const ZStoredWorkshopGeneralSettingsSchema = lazySchema(() =>
  z.object({
    offsiteTimeout: offsite().offsiteTimeout.unwrap().catch(OFFSITE_DEFAULTS.offsiteTimeout),
    expectedOffsiteGracePeriod: offsite()
      .expectedOffsiteGracePeriod.unwrap()
      .catch(OFFSITE_DEFAULTS.expectedOffsiteGracePeriod),
    autoOffsiteDetection: offsite()
      .autoOffsiteDetection.unwrap()
      .catch(OFFSITE_DEFAULTS.autoOffsiteDetection),
    offsiteCheckInterval: offsite()
      .offsiteCheckInterval.unwrap()
      .catch(OFFSITE_DEFAULTS.offsiteCheckInterval),
    companyName: BRANDING_FIELDS.companyName.optional().catch(undefined),
    tagline: BRANDING_FIELDS.tagline.optional().catch(undefined),
    logoUrl: BRANDING_FIELDS.logoUrl.optional().catch(undefined),
    shopPhone: SHOP_CONTACT_FIELDS.shopPhone.optional().catch(undefined),
    shopEmail: SHOP_CONTACT_FIELDS.shopEmail.optional().catch(undefined),
    shopAddressLines: SHOP_CONTACT_FIELDS.shopAddressLines.optional().catch(undefined),
    nightlyBackupKeep: nightlyBackupKeep.optional().catch(undefined),
    locale: ZWorkshopLocaleSchema.optional().catch(undefined),
  }),
);

/** Reads a stored (already JSON-parsed) value; anything that is not an object gives the defaults. */
export function parseStoredWorkshopGeneralSettings(stored: unknown): TWorkshopGeneralSettings {
  const value = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  const parsed = ZStoredWorkshopGeneralSettingsSchema.parse(value);
  // Drop the keys of absent overrides, so the value round-trips through JSON unchanged.
  return Object.fromEntries(
    Object.entries(parsed).filter(([, field]) => field !== undefined),
  ) as TWorkshopGeneralSettings;
}
