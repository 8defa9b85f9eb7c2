import { describe, expect, it } from 'vitest';
import { formatElapsed, formatRelativeTime } from './elapsed-time';

describe('formatElapsed', () => {
  it.each([
    [0, '0 min'],
    [59_999, '0 min'],
    [45 * 60_000, '45 min'],
    [60 * 60_000, '1 h'],
    [130 * 60_000, '2 h 10 min'],
    [26 * 60 * 60_000, '1 d 2 h'],
    [48 * 60 * 60_000 + 5 * 60_000, '2 d'],
    [-5 * 60_000, '0 min'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-03-04T12:00:00.000Z');

  it.each([
    ['2025-03-04T11:55:00.000Z', /5 minutes ago/],
    ['2025-03-04T09:00:00.000Z', /3 hours ago/],
    ['2025-03-02T12:00:00.000Z', /2 days ago/],
    ['2025-03-04T11:59:40.000Z', /now|this minute/],
  ])('%s reads %s', (iso, text) => {
    expect(formatRelativeTime(iso, now)).toMatch(text);
  });

  it('gives back text that is not a time as it is', () => {
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});
