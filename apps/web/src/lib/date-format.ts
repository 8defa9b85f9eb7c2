import {
  canonicalLocale,
  isWorkshopLocale,
  WORKSHOP_LOCALE_DEFAULT,
} from '@loupe/domain/settings/workshop-locale';
import { durationMinutes } from '@loupe/domain/tracking/location-history';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * The one way dates, times and numbers read in the web app (issue 35 §5): every screen, export and print goes
 * through these functions (figures through number-format.ts), in the workshop's locale and time zone — the
 * locale of Settings › general and the time zone of its working hours, which the signed-in shell hands to
 * `setWorkshopFormat` — never the browser's. Each function takes an explicit format last, for tests and for a
 * page that knows better.
 */
export type TWorkshopFormat = { readonly locale: string; readonly timeZone: string };

/** Until Settings › general answers: the last locale and zone the workshop was known to use (a reload paints in them). */
const LOCALE_STORAGE_KEY = 'loupe-workshop-locale';
const ZONE_STORAGE_KEY = 'loupe-workshop-time-zone';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A supported BCP 47 tag in its canonical spelling, else null (the domain's rule, as the server checks it). */
function localeOf(value: string | null | undefined): string | null {
  return value && isWorkshopLocale(value) ? canonicalLocale(value) : null;
}

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or storage full: the value still applies to this page.
  }
}

function storedZone(): string | null {
  const zone = stored(ZONE_STORAGE_KEY);
  return zone && isTimeZone(zone) ? zone : null;
}

/**
 * Read at the first use, not as the module loads: a page's first Intl object costs tens of milliseconds (the
 * browser loads its locale data; see public/intl-warm-up.js), which would lengthen every page's first task.
 */
let current: TWorkshopFormat | null = null;

/** The format every function below uses unless given one. */
export function workshopFormat(): TWorkshopFormat {
  current ??= {
    locale: localeOf(stored(LOCALE_STORAGE_KEY)) ?? WORKSHOP_LOCALE_DEFAULT,
    timeZone: storedZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  return current;
}

/**
 * Sets the workshop's zone and locale; answers whether anything changed. An unknown zone or locale is ignored
 * (the last good one stays).
 */
export function setWorkshopFormat(next: Partial<TWorkshopFormat>): boolean {
  const known = workshopFormat();
  const timeZone = next.timeZone && isTimeZone(next.timeZone) ? next.timeZone : known.timeZone;
  const locale = localeOf(next.locale) ?? known.locale;
  if (timeZone === known.timeZone && locale === known.locale) return false;
  current = { locale, timeZone };
  store(ZONE_STORAGE_KEY, timeZone);
  store(LOCALE_STORAGE_KEY, locale);
  return true;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached Intl.DateTimeFormat in `format`'s locale; in its zone unless the options name one. */
function dates(options: Intl.DateTimeFormatOptions, format: TWorkshopFormat): Intl.DateTimeFormat {
  const key = `${format.locale}|${format.timeZone}|${JSON.stringify(options)}`;
  let found = dateFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(format.locale, { timeZone: format.timeZone, ...options });
    dateFormats.set(key, found);
  }
  return found;
}

/** A cached Intl.NumberFormat in `format`'s locale. */
export function numberFormat(
  options: Intl.NumberFormatOptions = {},
  format: TWorkshopFormat = workshopFormat(),
): Intl.NumberFormat {
  const key = `${format.locale}|${JSON.stringify(options)}`;
  let found = numberFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(format.locale, options);
    numberFormats.set(key, found);
  }
  return found;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (YYYY-MM-DD) as UTC midnight, formatted in UTC: the same day in every zone. */
function formatDay(value: string, options: Intl.DateTimeFormatOptions, format: TWorkshopFormat): string {
  if (!CALENDAR_DAY.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dates({ ...options, timeZone: 'UTC' }, format).format(date);
}

function toDate(value: string | Date | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Today (or `date`) as YYYY-MM-DD in the workshop's zone, for date pickers, ranges and file names. Whether a job
 * is overdue or due today is never decided with it: the job's `state` says (issue 32).
 */
export function workshopIsoDate(date: Date, format: TWorkshopFormat = workshopFormat()): string {
  const parts = dates({ year: 'numeric', month: '2-digit', day: '2-digit' }, format).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** '2025-03-01' → 'Mar 1, 2025', read as a calendar day (never shifted by a time zone). */
export function formatCalendarDate(value: string, format: TWorkshopFormat = workshopFormat()): string {
  return formatDay(value, { dateStyle: 'medium' }, format);
}

/** '2025-03-01' → 'Mar 1': a calendar day on a chart's axis. */
export function formatShortDay(value: string, format: TWorkshopFormat = workshopFormat()): string {
  return formatDay(value, { month: 'short', day: 'numeric' }, format);
}

/** '2025-03-01' → 'Mar 2025': a calendar month. */
export function formatMonth(value: string, format: TWorkshopFormat = workshopFormat()): string {
  return formatDay(value, { month: 'short', year: 'numeric' }, format);
}

/** An instant as 'Mar 1, 2025, 2:05 PM' in the workshop's zone. */
export function formatDateTime(value: string | Date, format: TWorkshopFormat = workshopFormat()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dates({ dateStyle: 'medium', timeStyle: 'short' }, format).format(date);
}

/** An instant's day as 'Oct 12' in the workshop's zone. */
export function formatDayOf(value: string | Date, format: TWorkshopFormat = workshopFormat()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dates({ month: 'short', day: 'numeric' }, format).format(date);
}

/** An instant's day as 'Friday, November 27' in the workshop's zone (a wall screen's date). */
export function formatLongDay(value: Date | number, format: TWorkshopFormat = workshopFormat()): string {
  return dates({ weekday: 'long', month: 'long', day: 'numeric' }, format).format(value);
}

/** An instant's time as '2:05 PM' (or '2:05:09 PM' with seconds) in the workshop's zone. */
export function formatTime(
  value: string | Date | number,
  options: { readonly seconds?: boolean } = {},
  format: TWorkshopFormat = workshopFormat(),
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dates({ timeStyle: options.seconds ? 'medium' : 'short' }, format).format(date);
}

/**
 * An instant relative to `now`: '5 minutes ago', 'yesterday', 'in 2 hours'. Always in English, as every other
 * word of Loupe: a French workshop reads '5 minutes ago', never 'il y a 5 minutes' inside an English sentence.
 */
export function formatRelativeTime(
  iso: string,
  now: Date,
  format: TWorkshopFormat = workshopFormat(),
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const relative = relativeFormat(format.locale.startsWith('en') ? format.locale : 'en');
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return relative.format(0, 'second');
  if (abs < 45 * 60) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 26 * 86400) return relative.format(Math.round(seconds / 86400), 'day');
  if (abs < 320 * 86400) return relative.format(Math.round(seconds / (30 * 86400)), 'month');
  return relative.format(Math.round(seconds / (365 * 86400)), 'year');
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let found = relativeFormats.get(locale);
  if (!found) {
    found = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, found);
  }
  return found;
}

/** Whole minutes as '45 min', '2 h 5 min', '3 d 4 h' (spec §4 keeps durations in whole minutes). */
export function formatDurationMinutes(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < MINUTES_PER_HOUR) return `${whole} min`;
  if (whole < MINUTES_PER_DAY) {
    const hours = Math.floor(whole / MINUTES_PER_HOUR);
    const rest = whole % MINUTES_PER_HOUR;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(whole / MINUTES_PER_DAY);
  const hours = Math.floor((whole % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

/** Whole minutes from an ISO instant to `now`. */
export function minutesSince(iso: string, now: Date): number {
  return durationMinutes(new Date(iso), now);
}
