import { RATE_LIMIT, RETRY } from './constants';

/**
 * Delay before retry number `attempt` (1 for the first retry) under the §9 policy: 1 s doubling up to 10 s,
 * plus up to 1 s of jitter. `random` returns a number in [0, 1), like Math.random; the caller passes it so
 * that tests can fix it.
 */
export function retryDelayMs(attempt: number, random: () => number): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  }
  const exponential = Math.min(RETRY.initialDelayMs * RETRY.factor ** (attempt - 1), RETRY.maxDelayMs);
  // Clamped, so a source that strays outside [0, 1) can neither shorten the delay nor stretch the jitter.
  const jitter = Math.floor(Math.min(Math.max(random(), 0), 1) * RETRY.maxJitterMs);
  return exponential + jitter;
}

/** Whether a response status is worth retrying (§9). */
export function shouldRetryStatus(status: number): boolean {
  return (RETRY.statuses as readonly number[]).includes(status);
}

/** Whether another attempt is allowed after `attemptsMade` attempts (§9: at most 3 in all). */
export function hasAttemptsLeft(attemptsMade: number): boolean {
  return attemptsMade < RETRY.maxAttempts;
}

/**
 * How long to wait after a 429 (§4): the retry-after header as seconds or as an HTTP date, else 60 s.
 * `nowMs` is the current time, passed in so the rule does not read a clock.
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number {
  const value = header?.trim();
  if (!value) return RATE_LIMIT.defaultRetryAfterMs;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date always names its day and month; without letters, Date.parse would read '-5' as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return RATE_LIMIT.defaultRetryAfterMs;
  return Math.max(0, date - nowMs);
}
