import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingHours,
  calendarFor,
  endOfWorkingDay,
  isWorkshopOpen,
  phaseDueTimes,
  startOfWorkshopDay,
  subtractWorkingHours,
  type TWorkingCalendar,
  WORKING_CALENDAR_DEFAULTS,
  workingHoursBetween,
  ZPersonHoursSchema,
  ZWorkingCalendarSchema,
} from './working-calendar';

const LONDON: TWorkingCalendar = {
  timeZone: 'Europe/London',
  openDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  // Christmas and Boxing Day 2026 fall on a Friday and a Saturday.
  closedDates: ['2026-12-25'],
};
const NEW_YORK: TWorkingCalendar = { ...LONDON, timeZone: 'America/New_York', closedDates: [] };

describe('the working calendar', () => {
  it('refuses a zone it cannot find and a day that closes before it opens', () => {
    expect(ZWorkingCalendarSchema.safeParse({ ...LONDON, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(ZWorkingCalendarSchema.safeParse({ ...LONDON, opensAt: '18:00' }).success).toBe(false);
    expect(ZWorkingCalendarSchema.safeParse(LONDON).success).toBe(true);
  });

  it('adds working hours across the night and the weekend', () => {
    // Thursday 26 Nov 2026, 15:00 in London (GMT): 2 h left that day, 8 on Friday, then Monday.
    const thursday = new Date('2026-11-26T15:00:00Z');
    expect(addWorkingHours(thursday, 1, LONDON).toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(addWorkingHours(thursday, 10, LONDON).toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(addWorkingHours(thursday, 11, LONDON).toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  it('skips closed dates and starts a night-time start at the next opening', () => {
    const christmasEve = new Date('2026-12-24T20:00:00Z');
    // 25th closed, 26th and 27th a weekend: the next opening is Monday the 28th.
    expect(addWorkingHours(christmasEve, 2, LONDON).toISOString()).toBe('2026-12-28T11:00:00.000Z');
  });

  it("counts in the workshop's own time zone, across the clocks going back", () => {
    // New York: EDT (UTC-4) until 1 Nov 2026, then EST (UTC-5).
    const friday = new Date('2026-10-30T20:00:00Z'); // 16:00 EDT
    expect(addWorkingHours(friday, 2, NEW_YORK).toISOString()).toBe('2026-11-02T15:00:00.000Z'); // Mon 10:00 EST
  });

  it('puts a promised date on a closed day back to the last closing before it', () => {
    expect(endOfWorkingDay('2026-11-27', LONDON).toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(endOfWorkingDay('2026-11-29', LONDON).toISOString()).toBe('2026-11-27T17:00:00.000Z');
  });

  it('gives each remaining phase its due time back from the promised date', () => {
    const due = phaseDueTimes(
      '2026-11-30',
      [
        { key: 'polishing', targetHours: 4 },
        { key: 'qa', targetHours: 2 },
        { key: 'ready', targetHours: 8 },
      ],
      LONDON,
    );
    expect(due.get('ready')?.toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(due.get('qa')?.toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(due.get('polishing')?.toISOString()).toBe('2026-11-27T15:00:00.000Z');
  });

  it('adds and subtracts as inverses, and measures what it added (property)', () => {
    const open = fc
      .record({
        day: fc.integer({ min: 0, max: 60 }),
        minute: fc.integer({ min: 9 * 60 + 1, max: 17 * 60 - 1 }),
      })
      .map(({ day, minute }) => new Date(Date.UTC(2026, 10, 2 + day, 0, minute)))
      .filter(
        (date) => ![0, 6].includes(date.getUTCDay()) && date.toISOString().slice(0, 10) !== '2026-12-25',
      );
    fc.assert(
      fc.property(open, fc.integer({ min: 1, max: 200 }), (start, hours) => {
        const end = addWorkingHours(start, hours, LONDON);
        expect(workingHoursBetween(start, end, LONDON)).toBeCloseTo(hours, 5);
        expect(subtractWorkingHours(end, hours, LONDON).toISOString()).toBe(start.toISOString());
      }),
    );
  });
});

describe("a person's own hours", () => {
  it('replace the days and hours but keep the zone and closed dates, and must end after they start', () => {
    const lateShift = { openDays: [2, 3, 4], opensAt: '12:00', closesAt: '20:00' };
    const calendar = calendarFor(LONDON, lateShift);
    expect(calendar).toMatchObject({ ...lateShift, timeZone: 'Europe/London', closedDates: ['2026-12-25'] });
    expect(calendarFor(LONDON, null)).toBe(LONDON);
    // Monday 30 Nov 09:00: the late shift starts Tuesday at noon.
    expect(addWorkingHours(new Date('2026-11-30T09:00:00Z'), 2, calendar).toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    );
    expect(ZPersonHoursSchema.safeParse({ ...lateShift, closesAt: '11:00' }).success).toBe(false);
  });
});

describe('the start of the workshop day', () => {
  it('is midnight where the workshop is, not in UTC', () => {
    // 02:30 UTC on 25 November is still the 24th in New York (UTC-5).
    expect(startOfWorkshopDay(new Date('2026-11-25T02:30:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-24T05:00:00.000Z',
    );
    expect(startOfWorkshopDay(new Date('2026-11-25T02:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-11-24T23:00:00.000Z',
    );
  });

  it('is never after the instant and less than a day (plus a daylight-saving hour) before it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.constantFrom('UTC', 'Europe/London', 'America/Los_Angeles', 'Asia/Kolkata'),
        (instant, zone) => {
          const start = startOfWorkshopDay(instant, zone);
          const gap = instant.getTime() - start.getTime();
          expect(gap).toBeGreaterThanOrEqual(0);
          expect(gap).toBeLessThan(25 * 3_600_000);
        },
      ),
    );
  });
});

describe('whether the workshop is open', () => {
  const calendar = { ...WORKING_CALENDAR_DEFAULTS, timeZone: 'Europe/London', closedDates: ['2026-12-25'] };

  it('is open on a weekday within hours, in the workshop’s own time zone', () => {
    expect(isWorkshopOpen(new Date('2026-11-25T10:00:00Z'), calendar)).toBe(true);
    expect(isWorkshopOpen(new Date('2026-11-25T08:59:00Z'), calendar)).toBe(false);
    expect(isWorkshopOpen(new Date('2026-11-25T17:00:00Z'), calendar)).toBe(false);
    // 09:30 in London during summer time is 08:30 UTC.
    expect(isWorkshopOpen(new Date('2026-07-01T08:30:00Z'), calendar)).toBe(true);
  });

  it('is closed at weekends and on closed dates', () => {
    expect(isWorkshopOpen(new Date('2026-11-28T12:00:00Z'), calendar)).toBe(false);
    expect(isWorkshopOpen(new Date('2026-12-25T12:00:00Z'), calendar)).toBe(false);
  });
});
