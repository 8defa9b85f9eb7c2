import { GENERAL_SETTINGS_LIMITS } from '@loupe/domain/settings/general-settings';
import { addressLinesOf } from '@loupe/domain/settings/shop-contact';
import {
  NIGHTLY_BACKUP_KEEP_MAX,
  type TWorkshopGeneralSettings,
  type TWorkshopGeneralSettingsChanges,
  ZWorkshopGeneralSettingsChangesSchema,
} from '@loupe/domain/settings/workshop-general-settings';
import { WORKSHOP_LOCALE_CHOICES, WORKSHOP_LOCALE_DEFAULT } from '@loupe/domain/settings/workshop-locale';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { firstIssuePerField } from '@/components/forms/zod-form-errors';

/** The form as typed: numbers are text until submitted, a blank branding field means "installation default". */
export type TGeneralSettingsFormValues = {
  offsiteTimeout: string;
  expectedOffsiteGracePeriod: string;
  offsiteCheckInterval: string;
  autoOffsiteDetection: boolean;
  companyName: string;
  tagline: string;
  logoUrl: string;
  shopPhone: string;
  shopEmail: string;
  /** One address line per line of the box. */
  shopAddressLines: string;
  /** Nightly backups to keep; 0 (or empty): no nightly backup. */
  nightlyBackupKeep: string;
  /** How dates and figures read (a BCP 47 tag, issue 35 §5). */
  locale: string;
};

export type TGeneralSettingsField = keyof TGeneralSettingsFormValues;

const MINUTE_FIELDS = ['offsiteTimeout', 'expectedOffsiteGracePeriod', 'offsiteCheckInterval'] as const;
// Text fields where empty means "not set" (null in a change).
const BRANDING_FIELDS = ['companyName', 'tagline', 'logoUrl', 'shopPhone', 'shopEmail'] as const;
export const GENERAL_SETTINGS_FIELDS: readonly TGeneralSettingsField[] = [
  ...MINUTE_FIELDS,
  'autoOffsiteDetection',
  ...BRANDING_FIELDS,
  'shopAddressLines',
  'nightlyBackupKeep',
  'locale',
];

export const NIGHTLY_BACKUP_KEEP_MESSAGE = `Enter a whole number from 0 (no nightly backup) to ${NIGHTLY_BACKUP_KEEP_MAX}`;
function isMinuteField(field: TGeneralSettingsField): field is (typeof MINUTE_FIELDS)[number] {
  return (MINUTE_FIELDS as readonly string[]).includes(field);
}

export function minutesMessage(field: (typeof MINUTE_FIELDS)[number]): string {
  return `Enter whole minutes from 1 to ${GENERAL_SETTINGS_LIMITS[field]}`;
}

export function toFormValues(settings: TWorkshopGeneralSettings): TGeneralSettingsFormValues {
  return {
    offsiteTimeout: String(settings.offsiteTimeout),
    expectedOffsiteGracePeriod: String(settings.expectedOffsiteGracePeriod),
    offsiteCheckInterval: String(settings.offsiteCheckInterval),
    autoOffsiteDetection: settings.autoOffsiteDetection,
    companyName: settings.companyName ?? '',
    tagline: settings.tagline ?? '',
    logoUrl: settings.logoUrl ?? '',
    shopPhone: settings.shopPhone ?? '',
    shopEmail: settings.shopEmail ?? '',
    shopAddressLines: (settings.shopAddressLines ?? []).join('\n'),
    nightlyBackupKeep: String(settings.nightlyBackupKeep ?? 0),
    locale: settings.locale ?? WORKSHOP_LOCALE_DEFAULT,
  };
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * The locales the select offers, named in English with their tag: 'British English · en-GB'. A tag saved through
 * the API that is not among the usual ones is offered too, so the select always shows what is stored.
 */
export function localeOptions(saved: string): { value: string; label: string }[] {
  const tags: readonly string[] = WORKSHOP_LOCALE_CHOICES;
  const all = tags.includes(saved) ? tags : [...tags, saved];
  return all.map((tag) => ({ value: tag, label: `${LANGUAGE_NAMES.of(tag) ?? tag} · ${tag}` }));
}

// '' and '  ' are not zero minutes: they are missing, and Number() would read them as 0.
function toMinutes(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * Checks the form with the server's own rules (the domain schema) and gives only what changed since `saved`;
 * a branding field emptied becomes null, which returns it to the installation's default.
 */
export function parseGeneralSettingsForm(
  values: TGeneralSettingsFormValues,
  saved: TWorkshopGeneralSettings,
): TFormParseResult<TGeneralSettingsField, TWorkshopGeneralSettingsChanges> {
  const candidate = {
    offsiteTimeout: toMinutes(values.offsiteTimeout),
    expectedOffsiteGracePeriod: toMinutes(values.expectedOffsiteGracePeriod),
    offsiteCheckInterval: toMinutes(values.offsiteCheckInterval),
    autoOffsiteDetection: values.autoOffsiteDetection,
    companyName: values.companyName.trim() || null,
    tagline: values.tagline.trim() || null,
    logoUrl: values.logoUrl.trim() || null,
    shopPhone: values.shopPhone.trim() || null,
    shopEmail: values.shopEmail.trim() || null,
    shopAddressLines: addressLinesOf(values.shopAddressLines),
    nightlyBackupKeep: values.nightlyBackupKeep.trim() === '' ? 0 : Number(values.nightlyBackupKeep),
    locale: values.locale,
  };
  const parsed = ZWorkshopGeneralSettingsChangesSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors = firstIssuePerField(parsed.error.issues, GENERAL_SETTINGS_FIELDS, (field, issue) =>
      isMinuteField(field)
        ? minutesMessage(field)
        : field === 'nightlyBackupKeep'
          ? NIGHTLY_BACKUP_KEEP_MESSAGE
          : issue.message,
    );
    return { ok: false, errors };
  }
  const next = parsed.data;
  const changes: TWorkshopGeneralSettingsChanges = {};
  for (const field of MINUTE_FIELDS) {
    if (next[field] !== saved[field]) changes[field] = next[field];
  }
  if (next.autoOffsiteDetection !== saved.autoOffsiteDetection) {
    changes.autoOffsiteDetection = next.autoOffsiteDetection;
  }
  for (const field of BRANDING_FIELDS) {
    if ((next[field] ?? null) !== (saved[field] ?? null)) changes[field] = next[field] ?? null;
  }
  const addressLines = next.shopAddressLines ?? [];
  if (addressLines.join('\n') !== (saved.shopAddressLines ?? []).join('\n')) {
    changes.shopAddressLines = addressLines.length > 0 ? addressLines : null;
  }
  if ((next.nightlyBackupKeep ?? 0) !== (saved.nightlyBackupKeep ?? 0)) {
    changes.nightlyBackupKeep = next.nightlyBackupKeep ?? 0;
  }
  if (next.locale !== undefined && next.locale !== (saved.locale ?? WORKSHOP_LOCALE_DEFAULT)) {
    changes.locale = next.locale;
  }
  return { ok: true, output: changes };
}
