import {
  LOCATION_TRANSIT_DAYS_MAX,
  type TLocationSettings,
  ZLocationSettingsSchema,
} from '@loupe/domain/registry/location-settings';
import type { TLocationSettingsView } from '@loupe/domain/registry/location-settings-api';
import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';

/**
 * A location's own rules as typed (issue 39 §3): each field left blank, or the calendar left "Same as the
 * workshop", takes the workshop's value.
 */
export type TLocationSettingsFormValues = {
  readonly hasOwnCalendar: boolean;
  readonly timeZone: string;
  readonly openDays: readonly number[];
  readonly opensAt: string;
  readonly closesAt: string;
  readonly offsiteMinutes: string;
  readonly transitDays: string;
  readonly labelPrinter: string;
  readonly manifestPrinter: string;
};

export const LOCATION_SETTINGS_FIELDS = [
  'hasOwnCalendar',
  'timeZone',
  'openDays',
  'opensAt',
  'closesAt',
  'offsiteMinutes',
  'transitDays',
  'labelPrinter',
  'manifestPrinter',
] as const;
export type TLocationSettingsField = (typeof LOCATION_SETTINGS_FIELDS)[number];

export const OFFSITE_MINUTES_MAX = 24 * 60;

export const LOCATION_SETTINGS_MESSAGES = {
  wholeNumber: 'Enter a whole number, or leave it blank',
  offsiteRange: `Use 1 to ${OFFSITE_MINUTES_MAX} minutes, or leave it blank`,
  transitRange: `Use 0 to ${LOCATION_TRANSIT_DAYS_MAX} days, or leave it blank`,
} as const;

/** The API's names for the form's fields (the calendar's parts are nested under `calendar`). */
export const SERVER_FIELDS: Readonly<Record<string, TLocationSettingsField>> = {
  'calendar.timeZone': 'timeZone',
  'calendar.openDays': 'openDays',
  'calendar.opensAt': 'opensAt',
  'calendar.closesAt': 'closesAt',
  offsiteTimeoutMinutes: 'offsiteMinutes',
  transitDays: 'transitDays',
  labelPrinter: 'labelPrinter',
  manifestPrinter: 'manifestPrinter',
};

/** The form of a location's settings: its own values, or the workshop's calendar to start an own one from. */
export function locationSettingsFormValues(view: TLocationSettingsView): TLocationSettingsFormValues {
  const { settings, workshop } = view;
  const calendar = settings.calendar ?? workshop.calendar;
  return {
    hasOwnCalendar: settings.calendar !== undefined,
    timeZone: calendar.timeZone,
    openDays: [...calendar.openDays],
    opensAt: calendar.opensAt,
    closesAt: calendar.closesAt,
    offsiteMinutes:
      settings.offsiteTimeoutMinutes === undefined ? '' : String(settings.offsiteTimeoutMinutes),
    transitDays: settings.transitDays === undefined ? '' : String(settings.transitDays),
    labelPrinter: settings.labelPrinter ?? '',
    manifestPrinter: settings.manifestPrinter ?? '',
  };
}

/** '' → left out; digits → the number; anything else → NaN (refused with a message). */
function readWhole(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const fieldOfPath = (path: readonly PropertyKey[]): TLocationSettingsField | undefined =>
  SERVER_FIELDS[path.map(String).join('.')];

/**
 * Checks the form with the server's own schema (ZLocationSettingsSchema). `closedDates` of an own calendar
 * is kept as it was (the form does not edit holidays).
 */
export function parseLocationSettingsForm(
  values: TLocationSettingsFormValues,
  keptClosedDates: readonly string[] = [],
): TFormParseResult<TLocationSettingsField, TLocationSettings> {
  const errors: TFormErrors<TLocationSettingsField> = {};
  const offsite = readWhole(values.offsiteMinutes);
  const transit = readWhole(values.transitDays);
  if (Number.isNaN(offsite)) errors.offsiteMinutes = LOCATION_SETTINGS_MESSAGES.wholeNumber;
  if (Number.isNaN(transit)) errors.transitDays = LOCATION_SETTINGS_MESSAGES.wholeNumber;
  const calendar: TWorkingCalendar | undefined = values.hasOwnCalendar
    ? {
        timeZone: values.timeZone.trim(),
        openDays: [...values.openDays].sort((a, b) => a - b),
        opensAt: values.opensAt,
        closesAt: values.closesAt,
        closedDates: [...keptClosedDates],
      }
    : undefined;
  const candidate = {
    ...(calendar ? { calendar } : {}),
    ...(offsite === undefined || Number.isNaN(offsite) ? {} : { offsiteTimeoutMinutes: offsite }),
    ...(transit === undefined || Number.isNaN(transit) ? {} : { transitDays: transit }),
    ...(values.labelPrinter.trim() ? { labelPrinter: values.labelPrinter } : {}),
    ...(values.manifestPrinter.trim() ? { manifestPrinter: values.manifestPrinter } : {}),
  };
  const parsed = ZLocationSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path);
      if (field === undefined) continue;
      errors[field] ??=
        field === 'offsiteMinutes'
          ? LOCATION_SETTINGS_MESSAGES.offsiteRange
          : field === 'transitDays'
            ? LOCATION_SETTINGS_MESSAGES.transitRange
            : issue.code === 'too_big' && issue.origin === 'string'
              ? `Use at most ${String(issue.maximum)} characters`
              : issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, output: parsed.data };
}
