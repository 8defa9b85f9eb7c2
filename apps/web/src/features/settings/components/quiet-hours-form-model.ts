import { type TQuietHours, ZQuietHoursSchema } from '@loupe/domain/settings/notification-settings';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

/** Settings › notifications › Quiet hours: the switch and the two times. */
export type TQuietHoursFormValues = { isOn: boolean; start: string; end: string };
export type TQuietHoursField = keyof TQuietHoursFormValues;
export const QUIET_HOURS_FIELDS = ['start', 'end'] as const satisfies readonly TQuietHoursField[];

// Where quiet hours start when turned on: the night.
const NIGHT: TQuietHours = { start: '20:00', end: '07:00' };

export function toQuietHoursFormValues(saved: TQuietHours | null): TQuietHoursFormValues {
  return { isOn: saved !== null, ...(saved ?? NIGHT) };
}

/** The quiet hours to save, checked with the server's schema; null (the switch off) sends every e-mail. */
export function parseQuietHoursForm(
  values: TQuietHoursFormValues,
): TFormParseResult<TQuietHoursField, TQuietHours | null> {
  if (!values.isOn) return { ok: true, output: null };
  const parsed = ZQuietHoursSchema.safeParse({ start: values.start, end: values.end });
  if (parsed.success) return { ok: true, output: parsed.data };
  return { ok: false, errors: formErrorsFromZod(parsed.error, QUIET_HOURS_FIELDS, {}) };
}
