import {
  type TPersonHours,
  type TWorkingCalendar,
  UNKNOWN_TIME_ZONE_MESSAGE,
  ZPersonHoursSchema,
  ZWorkingCalendarSchema,
} from '@loupe/domain/workflow/working-calendar';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

/** Settings › general › Working hours as typed: the closed dates are one box of text. */
export type TWorkingHoursFormValues = {
  timeZone: string;
  openDays: readonly number[];
  opensAt: string;
  closesAt: string;
  /** One date a line (commas and spaces part them too). */
  closedDates: string;
};
export type TWorkingHoursField = keyof TWorkingHoursFormValues;
export const WORKING_HOURS_FIELDS = [
  'timeZone',
  'openDays',
  'opensAt',
  'closesAt',
  'closedDates',
] as const satisfies readonly TWorkingHoursField[];

export function toWorkingHoursFormValues(saved: TWorkingCalendar): TWorkingHoursFormValues {
  return { ...saved, closedDates: saved.closedDates.join('\n') };
}

function closedDatesOf(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * Checks the workshop's calendar with the server's schema. A wrong closed date is named in its message, so
 * it can be found among many; an empty or unknown time zone asks for one the same way.
 */
export function parseWorkingHoursForm(
  values: TWorkingHoursFormValues,
): TFormParseResult<TWorkingHoursField, TWorkingCalendar> {
  const closedDates = closedDatesOf(values.closedDates);
  const parsed = ZWorkingCalendarSchema.safeParse({
    ...values,
    timeZone: values.timeZone.trim(),
    openDays: [...values.openDays],
    closedDates,
  });
  if (parsed.success) return { ok: true, output: parsed.data };
  const errors = formErrorsFromZod(parsed.error, WORKING_HOURS_FIELDS, {
    timeZone: UNKNOWN_TIME_ZONE_MESSAGE,
  });
  const wrongDate = parsed.error.issues.find((issue) => issue.path[0] === 'closedDates');
  const index = wrongDate?.path[1];
  if (wrongDate && typeof index === 'number')
    errors.closedDates = `${closedDates[index]}: ${wrongDate.message}`;
  return { ok: false, errors };
}

/** Settings › profile › My working hours: the switch 'I keep hours of my own' and those hours. */
export type TMyHoursFormValues = {
  isOwn: boolean;
  openDays: readonly number[];
  opensAt: string;
  closesAt: string;
};
export type TMyHoursField = keyof TMyHoursFormValues;
export const MY_HOURS_FIELDS = [
  'openDays',
  'opensAt',
  'closesAt',
] as const satisfies readonly TMyHoursField[];
export const MY_DAYS_MESSAGE = 'Choose at least one day';

// Where one's own hours start: the usual workshop week.
const WORKSHOP_LIKE: TPersonHours = { openDays: [1, 2, 3, 4, 5], opensAt: '09:00', closesAt: '17:00' };

export function toMyHoursFormValues(saved: TPersonHours | null): TMyHoursFormValues {
  return { isOwn: saved !== null, ...(saved ?? WORKSHOP_LIKE) };
}

/** One's own hours, checked with the server's schema; null (the switch off) goes back to the workshop's. */
export function parseMyHoursForm(
  values: TMyHoursFormValues,
): TFormParseResult<TMyHoursField, TPersonHours | null> {
  if (!values.isOwn) return { ok: true, output: null };
  const { isOwn: _isOwn, ...hours } = values;
  const parsed = ZPersonHoursSchema.safeParse({ ...hours, openDays: [...hours.openDays] });
  if (parsed.success) return { ok: true, output: parsed.data };
  return {
    ok: false,
    errors: formErrorsFromZod(parsed.error, MY_HOURS_FIELDS, { openDays: MY_DAYS_MESSAGE }),
  };
}
