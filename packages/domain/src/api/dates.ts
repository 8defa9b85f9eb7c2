import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The dates the API takes (issue 20 §6): promised dates, update-location and scan times, snoozes, closed
 * days. Outside these years a date is a typo ('0205-06-01', '20255-06-01') or an attack, never a job, and
 * it would sort every list and count every due time wrong. (Readers' own payload times are not held to it.)
 */
export const DATE_RANGE = { first: '2000-01-01', last: '2100-12-31' } as const;
export const DATE_RANGE_MESSAGE = `Use a date between ${DATE_RANGE.first} and ${DATE_RANGE.last}`;

const FIRST_MS = Date.parse(`${DATE_RANGE.first}T00:00:00.000Z`);
const AFTER_LAST_MS = Date.parse(`${DATE_RANGE.last}T00:00:00.000Z`) + 24 * 60 * 60 * 1000;

/** Whether a YYYY-MM-DD date lies within DATE_RANGE (string order is date order for this format). */
export function isCalendarDateInRange(date: string): boolean {
  return date >= DATE_RANGE.first && date <= DATE_RANGE.last;
}

/** Whether an instant lies within DATE_RANGE, in UTC. */
export function isInstantInRange(instant: string): boolean {
  const ms = Date.parse(instant);
  return ms >= FIRST_MS && ms < AFTER_LAST_MS;
}

/** A calendar date without a time as a stored value shows it (answers): 'YYYY-MM-DD', a real day. */
export const ZStoredCalendarDateSchema = lazySchema(() => z.iso.date());

/** A calendar date sent to the server (promised dates): 'YYYY-MM-DD', a real day, within DATE_RANGE. */
export const ZCalendarDateSchema = lazySchema(() =>
  z.iso.date().refine(isCalendarDateInRange, DATE_RANGE_MESSAGE),
);

/** An instant sent to the server (scan, read and snooze times): ISO 8601 with an offset, within DATE_RANGE. */
export const ZInstantSchema = lazySchema(() =>
  z.iso.datetime({ offset: true }).refine(isInstantInRange, DATE_RANGE_MESSAGE),
);

/** What is wrong with a typed calendar date, for a form to say: not a real day, or outside DATE_RANGE. */
export function calendarDateProblem(value: string): 'format' | 'range' | null {
  if (!ZStoredCalendarDateSchema.safeParse(value).success) return 'format';
  return isCalendarDateInRange(value) ? null : 'range';
}

/** Built at the first use: a browser page's first Intl object costs tens of milliseconds, too much for an import. */
let calendarDateFormat: Intl.DateTimeFormat | null = null;

/** A calendar day as the screens write it ('2026-11-27' → 'Nov 27, 2026'), never shifted by a time zone. */
export function calendarDateText(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  calendarDateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return calendarDateFormat.format(parsed);
}
