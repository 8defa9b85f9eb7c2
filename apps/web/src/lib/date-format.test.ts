// @vitest-environment jsdom
// The browser sits in London; the workshop is in New York (issue 35 §5). Set before any date is formatted.
process.env.TZ = 'Europe/London';

import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatDayOf,
  formatDurationMinutes,
  formatLongDay,
  formatMonth,
  formatRelativeTime,
  formatShortDay,
  formatTime,
  numberFormat,
  setWorkshopFormat,
  type TWorkshopFormat,
  workshopFormat,
  workshopIsoDate,
} from './date-format';

const NEW_YORK: TWorkshopFormat = { locale: 'en-US', timeZone: 'America/New_York' };
const LONDON: TWorkshopFormat = { locale: 'en-US', timeZone: 'Europe/London' };

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

describe('a workshop in New York seen from a browser in London (issue 35 §5)', () => {
  const initial = workshopFormat();
  afterEach(() => setWorkshopFormat(initial));

  it('runs in a London browser', () => {
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(-60);
  });

  it("gives the workshop's day near midnight, not the browser's", () => {
    // 03:30 in London on the 27th is still 22:30 on the 26th in New York.
    const lateEvening = new Date('2026-11-27T03:30:00Z');
    expect(workshopIsoDate(lateEvening, NEW_YORK)).toBe('2026-11-26');
    expect(workshopIsoDate(lateEvening, LONDON)).toBe('2026-11-27');
    expect(formatDateTime(lateEvening.toISOString(), NEW_YORK)).toBe('Nov 26, 2026, 10:30 PM');
    expect(formatDayOf(lateEvening, NEW_YORK)).toBe('Nov 26');
    // Five minutes past the workshop's midnight is the next day there.
    expect(workshopIsoDate(new Date('2026-11-27T05:05:00Z'), NEW_YORK)).toBe('2026-11-27');
  });

  it('follows the change to and from daylight saving time in New York', () => {
    // 8 March 2026: 1:59 AM EST, then 3:00 AM EDT a minute later.
    expect(formatTime('2026-03-08T06:59:00Z', {}, NEW_YORK)).toBe('1:59 AM');
    expect(formatTime('2026-03-08T07:00:00Z', {}, NEW_YORK)).toBe('3:00 AM');
    // 1 November 2026: 1:30 AM happens twice, an hour apart.
    expect(formatTime('2026-11-01T05:30:00Z', {}, NEW_YORK)).toBe('1:30 AM');
    expect(formatTime('2026-11-01T06:30:00Z', {}, NEW_YORK)).toBe('1:30 AM');
    // Between the two countries' changes (London moves on 29 March) the gap is four hours, not five.
    expect(formatTime('2026-03-20T16:00:00Z', {}, NEW_YORK)).toBe('12:00 PM');
    expect(formatTime('2026-03-20T16:00:00Z', {}, LONDON)).toBe('4:00 PM');
  });

  it('reads a calendar day as that day in every zone', () => {
    for (const format of [NEW_YORK, LONDON, { locale: 'en-US', timeZone: 'Pacific/Kiritimati' }]) {
      expect(formatCalendarDate('2026-11-27', format)).toBe('Nov 27, 2026');
      expect(formatShortDay('2026-11-27', format)).toBe('Nov 27');
      expect(formatMonth('2026-11-01', format)).toBe('Nov 2026');
    }
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('formats in the zone the signed-in shell set, and keeps the last good one', () => {
    expect(setWorkshopFormat({ timeZone: 'America/New_York' })).toBe(true);
    expect(formatDateTime('2026-11-27T03:30:00Z')).toBe('Nov 26, 2026, 10:30 PM');
    expect(workshopIsoDate(new Date('2026-11-27T03:30:00Z'))).toBe('2026-11-26');
    expect(setWorkshopFormat({ timeZone: 'America/New_York' })).toBe(false);
    expect(setWorkshopFormat({ timeZone: 'Not/AZone' })).toBe(false);
    expect(workshopFormat().timeZone).toBe('America/New_York');
    expect(globalThis.localStorage.getItem('loupe-workshop-time-zone')).toBe('America/New_York');
  });

  it('writes numbers in the workshop locale', () => {
    expect(numberFormat({}, NEW_YORK).format(1234567.5)).toBe('1,234,567.5');
    expect(numberFormat({ style: 'currency', currency: 'USD' }, NEW_YORK).format(1250)).toBe('$1,250.00');
  });
});

describe('a job due on the day New York changes its clocks, read at 23:30 there from London (issue 35 §5)', () => {
  const NEW_YORK_GB: TWorkshopFormat = { locale: 'en-GB', timeZone: 'America/New_York' };
  // 23:30 EDT on Sunday 8 March 2026 is 03:30 UTC (and 03:30 GMT in London) on Monday 9 March.
  const lateOnDueDay = new Date('2026-03-09T03:30:00Z');
  const initial = workshopFormat();
  afterEach(() => setWorkshopFormat(initial));

  it("shows the due day and the read on the New York date, not London's", () => {
    expect(formatCalendarDate('2026-03-08', NEW_YORK)).toBe('Mar 8, 2026');
    expect(workshopIsoDate(lateOnDueDay, NEW_YORK)).toBe('2026-03-08');
    expect(formatDayOf(lateOnDueDay, NEW_YORK)).toBe('Mar 8');
    expect(formatDateTime(lateOnDueDay, NEW_YORK)).toBe('Mar 8, 2026, 11:30 PM');
    expect(formatTime(lateOnDueDay, {}, NEW_YORK)).toBe('11:30 PM');
    // The browser's own clock has already turned the page.
    expect(workshopIsoDate(lateOnDueDay, LONDON)).toBe('2026-03-09');
  });

  it('writes the same instants day before month in en-GB, still on the New York date', () => {
    expect(formatCalendarDate('2026-03-08', NEW_YORK_GB)).toBe('8 Mar 2026');
    expect(formatDayOf(lateOnDueDay, NEW_YORK_GB)).toBe('8 Mar');
    expect(formatDateTime(lateOnDueDay, NEW_YORK_GB)).toBe('8 Mar 2026, 23:30');
    expect(formatLongDay(lateOnDueDay, NEW_YORK_GB)).toBe('Sunday 8 March');
    expect(workshopIsoDate(lateOnDueDay, NEW_YORK_GB)).toBe('2026-03-08');
  });

  it('takes the locale the signed-in shell set, in its canonical spelling, and ignores an unknown one', () => {
    expect(setWorkshopFormat({ locale: 'en-gb', timeZone: 'America/New_York' })).toBe(true);
    expect(workshopFormat()).toEqual(NEW_YORK_GB);
    expect(formatDateTime(lateOnDueDay)).toBe('8 Mar 2026, 23:30');
    expect(globalThis.localStorage.getItem('loupe-workshop-locale')).toBe('en-GB');
    expect(setWorkshopFormat({ locale: 'xx-YY' })).toBe(false);
    expect(setWorkshopFormat({ locale: 'en_US' })).toBe(false);
    expect(workshopFormat().locale).toBe('en-GB');
  });
});

describe('formatRelativeTime', () => {
  it.each([
    ['2025-06-15T11:59:50.000Z', 'now'],
    ['2025-06-15T11:55:00.000Z', '5 minutes ago'],
    ['2025-06-15T09:00:00.000Z', '3 hours ago'],
    ['2025-06-14T12:00:00.000Z', 'yesterday'],
    ['2025-06-13T12:00:00.000Z', '2 days ago'],
    ['soon', 'soon'],
  ])('%s reads "%s"', (iso, text) => {
    expect(formatRelativeTime(iso, new Date('2025-06-15T12:00:00.000Z'))).toBe(text);
  });

  it('stays in English, as the words around it, in a workshop of another language', () => {
    const now = new Date('2025-06-15T12:00:00.000Z');
    for (const locale of ['fr-FR', 'de-DE', 'en-GB']) {
      const format = { locale, timeZone: 'Europe/Paris' };
      expect(formatRelativeTime('2025-06-14T12:00:00.000Z', now, format)).toBe('yesterday');
      expect(formatRelativeTime('2025-06-15T11:55:00.000Z', now, format)).toBe('5 minutes ago');
    }
  });
});
