import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDurationMinutes, formatRelativeTime, localIsoDate } from './date-format';

describe('formatDurationMinutes', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [125, '2 h 5 min'],
    [1440, '1 d'],
    [1500, '1 d 1 h'],
    [-3, '0 min'],
  ])('%i minutes read "%s"', (minutes, text) => {
    expect(formatDurationMinutes(minutes)).toBe(text);
  });
});

describe('calendar dates', () => {
  it('reads a promised date as a calendar day, whatever the time zone', () => {
    expect(formatCalendarDate('2025-03-01')).toBe('Mar 1, 2025');
  });

  it("gives today's calendar day in the user's time zone", () => {
    expect(localIsoDate(new Date(2025, 5, 15, 23, 59))).toBe('2025-06-15');
  });
});

describe('formatRelativeTime', () => {
  it('says how long ago in words', () => {
    const now = new Date('2025-06-15T12:00:00.000Z');
    expect(formatRelativeTime('2025-06-15T11:59:50.000Z', now)).toBe('now');
    expect(formatRelativeTime('2025-06-15T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-06-14T12:00:00.000Z', now)).toBe('yesterday');
  });
});
