const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/**
 * A span of time in whole units, the two largest that matter: '45 min', '2 h 10 min', '3 d 4 h'.
 * Under a minute reads '0 min'; a negative span (a clock ahead of ours) too.
 */
export function formatElapsed(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  if (minutes < HOUR_MINUTES) return `${minutes} min`;
  if (minutes < DAY_MINUTES) {
    const rest = minutes % HOUR_MINUTES;
    return rest === 0 ? `${minutes / HOUR_MINUTES} h` : `${Math.floor(minutes / HOUR_MINUTES)} h ${rest} min`;
  }
  const days = Math.floor(minutes / DAY_MINUTES);
  const hours = Math.floor((minutes % DAY_MINUTES) / HOUR_MINUTES);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', DAY_MINUTES * MINUTE_MS],
  ['hour', HOUR_MINUTES * MINUTE_MS],
  ['minute', MINUTE_MS],
];

/** '5 minutes ago', 'yesterday', 'now' — in the browser's language. */
export function formatRelativeTime(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const difference = time - now;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(difference) >= size) return format.format(Math.round(difference / size), unit);
  }
  return format.format(0, 'minute');
}

/** An absolute date and time in the browser's language and time zone, e.g. 'Mar 4, 2025, 2:05 PM'. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
