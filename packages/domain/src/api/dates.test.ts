import { describe, expect, it } from 'vitest';
import {
  calendarDateProblem,
  calendarDateText,
  DATE_RANGE_MESSAGE,
  isCalendarDateInRange,
  isInstantInRange,
  ZCalendarDateSchema,
  ZInstantSchema,
  ZStoredCalendarDateSchema,
} from './dates';

describe('dates within a sensible range (issue 20 §6)', () => {
  it('says which dates it takes', () => {
    expect(DATE_RANGE_MESSAGE).toBe('Use a date between 2000-01-01 and 2100-12-31');
  });

  it.each(['2000-01-01', '2026-11-25', '2100-12-31'])('takes the calendar date %s', (date) => {
    expect(isCalendarDateInRange(date)).toBe(true);
    expect(ZCalendarDateSchema.parse(date)).toBe(date);
  });

  it.each(['1999-12-31', '0205-06-01', '2101-01-01', '9999-12-31'])(
    'refuses the calendar date %s',
    (date) => {
      const result = ZCalendarDateSchema.safeParse(date);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DATE_RANGE_MESSAGE);
    },
  );

  it('still refuses what is no date at all, with the format message', () => {
    for (const value of ['2026-02-30', '20255-06-01', '25/12/2026', '']) {
      expect(ZCalendarDateSchema.safeParse(value).success, value).toBe(false);
    }
  });

  it('shows a stored date whatever its year: an answer must never fail on old data', () => {
    expect(ZStoredCalendarDateSchema.parse('1999-12-31')).toBe('1999-12-31');
  });

  it.each([
    ['2000-01-01T00:00:00.000Z', true],
    ['2026-11-25T13:15:00+01:00', true],
    ['2100-12-31T23:59:59.999Z', true],
    // 2000-01-01 01:00 in Paris is still 1999 in UTC.
    ['2000-01-01T00:30:00+01:00', false],
    ['1970-01-01T00:00:00Z', false],
    ['2101-01-01T00:00:00Z', false],
  ])('instant %s in range: %s', (instant, inRange) => {
    expect(isInstantInRange(instant)).toBe(inRange);
    const result = ZInstantSchema.safeParse(instant);
    expect(result.success).toBe(inRange);
    if (!inRange) expect(result.error?.issues[0]?.message).toBe(DATE_RANGE_MESSAGE);
  });

  it('tells a form whether a typed date is no day at all or out of range', () => {
    expect(calendarDateProblem('2026-02-30')).toBe('format');
    expect(calendarDateProblem('1999-12-31')).toBe('range');
    expect(calendarDateProblem('2026-02-28')).toBeNull();
  });
});

describe('calendarDateText', () => {
  it('writes a calendar day as the screens do, whatever the zone', () => {
    expect(calendarDateText('2026-11-27')).toBe('Nov 27, 2026');
    expect(calendarDateText('2026-01-01')).toBe('Jan 1, 2026');
    expect(calendarDateText('not a date')).toBe('not a date');
  });
});
