import type { TDurationStats } from './analytics-api';

/**
 * The figures analytics are made of, pure so that they are worked out by hand in tests and the SQL that
 * computes some of them in the database (percentile_cont) can be checked against them.
 */

const DAY_MS = 86_400_000;

/**
 * The p-th quantile (0–1) of values by linear interpolation between the closest ranks: PostgreSQL's
 * percentile_cont, so a figure is the same whichever side computes it. Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (p < 0 || p > 1 || Number.isNaN(p)) throw new RangeError(`percentile ${p} is not between 0 and 1`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (rank - lower);
}

/** Rounds for display: figures travel with at most `digits` decimals. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function roundOrNull(value: number | null, digits = 2): number | null {
  return value === null ? null : round(value, digits);
}

/** Count, average, median and 90th percentile of durations. */
export function durationStats(values: readonly number[]): TDurationStats {
  if (values.length === 0) return { count: 0, average: null, median: null, p90: null };
  const sum = values.reduce((total, value) => total + value, 0);
  return {
    count: values.length,
    average: round(sum / values.length),
    median: roundOrNull(percentile(values, 0.5)),
    p90: roundOrNull(percentile(values, 0.9)),
  };
}

/** A share, or null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : round(part / whole, 4);
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function calendarDayOf(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A calendar day moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How late a delivery was, in whole days: the workshop-local day it was delivered on minus the promised
 * day. Zero or less is on time (spec: promised a day, delivered that day or before).
 */
export function daysLate(promisedDate: string, deliveredAt: Date, timeZone: string): number {
  return daysBetween(promisedDate, calendarDayOf(deliveredAt, timeZone));
}

export function isOnTime(lateDays: number): boolean {
  return lateDays <= 0;
}

/** The Monday of the week a calendar day is in (weeks start on Monday, ISO 8601). */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Every Monday from the week of `from` to the week of `to`. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** A figure of one side against the other: the difference, and the difference relative to side B. */
export function changeOf(
  a: number | null,
  b: number | null,
): { change: number | null; changeRatio: number | null } {
  if (a === null || b === null) return { change: null, changeRatio: null };
  return { change: round(a - b, 4), changeRatio: b === 0 ? null : round((a - b) / b, 4) };
}

/** The range of the same length just before [from, to]: what a period is compared with by default. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/**
 * Durations are counted in quarter-octave buckets of minutes (each about 19% wider than the last): bucket
 * b holds minutes in [2^(b/4) − 1, 2^((b+1)/4) − 1). Percentiles read from them are within a bucket's width.
 */
export function minutesBucket(minutes: number): number {
  return Math.floor(Math.log2(Math.max(0, minutes) + 1) * 4);
}

export function bucketBounds(bucket: number): { lower: number; upper: number } {
  return { lower: 2 ** (bucket / 4) - 1, upper: 2 ** ((bucket + 1) / 4) - 1 };
}

/**
 * The p-th quantile of values given as (value, count) pairs, exactly as `percentile` (percentile_cont) gives it
 * over the values listed one by one: what a rollup of exact values (whole minutes per day) is read back with.
 * Null when nothing was counted.
 */
export function percentileOfCounts(
  counts: readonly { readonly value: number; readonly count: number }[],
  p: number,
): number | null {
  if (p < 0 || p > 1 || Number.isNaN(p)) throw new RangeError(`percentile ${p} is not between 0 and 1`);
  const sorted = counts.filter((c) => c.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return null;
  const rank = p * (total - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  // The values at 0-based positions `lower` and `upper` of the sorted list the counts stand for.
  let low: number | null = null;
  let high: number | null = null;
  let before = 0;
  for (const entry of sorted) {
    const after = before + entry.count;
    if (low === null && lower < after) low = entry.value;
    if (upper < after) {
      high = entry.value;
      break;
    }
    before = after;
  }
  const lowValue = low as number;
  const highValue = high ?? lowValue;
  return lowValue + (highValue - lowValue) * (rank - lower);
}

/**
 * The p-th quantile of minutes counted in buckets: the rank percentile_cont would take, placed linearly
 * inside the bucket that holds it. Null when nothing was counted.
 */
export function percentileFromBuckets(
  buckets: readonly { readonly bucket: number; readonly count: number }[],
  p: number,
): number | null {
  const sorted = buckets.filter((b) => b.count > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return null;
  const rank = p * (total - 1);
  let before = 0;
  for (const entry of sorted) {
    if (rank < before + entry.count) {
      const { lower, upper } = bucketBounds(entry.bucket);
      return lower + (upper - lower) * ((rank - before + 0.5) / entry.count);
    }
    before += entry.count;
  }
  const last = sorted.at(-1) as { bucket: number };
  return bucketBounds(last.bucket).upper;
}
