import { durationMinutes } from '@loupe/domain/tracking/location-history';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

const CALENDAR_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * Today (or `date`) as YYYY-MM-DD in the user's time zone, for date pickers and ranges. Whether a job is overdue
 * or due today is never decided with it: the job's `state` says, in the workshop's zone (issue 32).
 */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** '2025-03-01' → 'Mar 1, 2025', read as a calendar day (never shifted by the time zone). */
export function formatCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return CALENDAR_DATE.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** An instant as 'Mar 1, 2025, 2:05 PM' in the user's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** An instant relative to `now`: '5 minutes ago', 'yesterday', 'in 2 hours'. */
export function formatRelativeTime(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return RELATIVE.format(0, 'second');
  if (abs < 45 * 60) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  if (abs < 26 * 86400) return RELATIVE.format(Math.round(seconds / 86400), 'day');
  if (abs < 320 * 86400) return RELATIVE.format(Math.round(seconds / (30 * 86400)), 'month');
  return RELATIVE.format(Math.round(seconds / (365 * 86400)), 'year');
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
