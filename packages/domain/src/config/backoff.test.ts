import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasAttemptsLeft, retryAfterMs, retryDelayMs, shouldRetryStatus } from './backoff';

const fixed = (value: number) => () => value;

describe('retryDelayMs (spec §9)', () => {
  it.each([
    [1, 0, 1000],
    [2, 0, 2000],
    [3, 0, 4000],
    [4, 0, 8000],
    [5, 0, 10_000],
    [30, 0, 10_000],
    [1, 0.5, 1500],
    [3, 0.25, 4250],
    [5, 0.999, 10_999],
    [2000, 0.999, 10_999],
  ])('waits before retry %i with random %d: %i ms', (attempt, random, expected) => {
    expect(retryDelayMs(attempt, fixed(random))).toBe(expected);
  });

  it('clamps a random source that strays outside [0, 1)', () => {
    expect(retryDelayMs(1, fixed(-3))).toBe(1000);
    expect(retryDelayMs(1, fixed(7))).toBe(2000);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the attempt number %d', (attempt) => {
    expect(() => retryDelayMs(attempt, fixed(0))).toThrow(RangeError);
  });

  it('never exceeds 11 s and never decreases with the attempt for the same random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, random) => {
          const delay = retryDelayMs(attempt, fixed(random));
          expect(delay).toBeLessThanOrEqual(11_000);
          expect(delay).toBeGreaterThanOrEqual(1000);
          expect(retryDelayMs(attempt + 1, fixed(random))).toBeGreaterThanOrEqual(delay);
        },
      ),
    );
  });
});

describe('shouldRetryStatus (spec §9)', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries %i', (status) => {
    expect(shouldRetryStatus(status)).toBe(true);
  });

  it.each([0, 200, 400, 401, 403, 404, 409, 422, 501, 505])('does not retry %i', (status) => {
    expect(shouldRetryStatus(status)).toBe(false);
  });
});

describe('hasAttemptsLeft (spec §9: at most 3 attempts)', () => {
  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ])('after %i attempts: %s', (attemptsMade, expected) => {
    expect(hasAttemptsLeft(attemptsMade)).toBe(expected);
  });
});

describe('retryAfterMs (spec §4)', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it.each([
    ['seconds', '120', 120_000],
    ['zero seconds', '0', 0],
    ['seconds with spaces', ' 5 ', 5000],
    ['an HTTP date', 'Sat, 01 Mar 2025 12:00:30 GMT', 30_000],
    ['an HTTP date in the past', 'Sat, 01 Mar 2025 11:00:00 GMT', 0],
    ['no header', undefined, 60_000],
    ['a null header', null, 60_000],
    ['an empty header', '', 60_000],
    ['an unreadable header', 'soon', 60_000],
    ['a negative number', '-5', 60_000],
    ['a fractional number', '1.5', 60_000],
  ])('reads %s', (_label, header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
