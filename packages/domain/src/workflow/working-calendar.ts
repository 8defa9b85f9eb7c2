import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isCalendarDateInRange } from '../api/dates';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The workshop's working time (Settings › general): the days it is open, its hours in its own time zone,
 * and the dates it is closed. Due times count working hours only, so they skip nights, weekends and holidays.
 */

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** What a working calendar's zone that neither Intl nor the database knows is refused with. */
export const UNKNOWN_TIME_ZONE_MESSAGE = 'Choose a time zone such as Europe/London';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight of a time such as 09:30. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const WORKING_CALENDAR_DEFAULTS = {
  timeZone: 'UTC',
  /** 0 is Sunday, as JavaScript counts. */
  openDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  closedDates: [] as string[],
};

export const ZWorkingCalendarSchema = lazySchema(() =>
  z
    .object({
      timeZone: z.string().min(1).max(64).refine(isTimeZone, UNKNOWN_TIME_ZONE_MESSAGE),
      openDays: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one open day').max(7),
      opensAt: z.string().regex(TIME_PATTERN, 'Use a time such as 09:00'),
      closesAt: z.string().regex(TIME_PATTERN, 'Use a time such as 17:00'),
      closedDates: z
        .array(
          z
            .string()
            .regex(DATE_PATTERN, 'Use dates such as 2026-12-25')
            .refine(isCalendarDateInRange, DATE_RANGE_MESSAGE),
        )
        .max(366),
    })
    .refine((calendar) => minutesOf(calendar.opensAt) < minutesOf(calendar.closesAt), {
      message: 'The workshop must close after it opens',
      path: ['closesAt'],
    }),
);
export type TWorkingCalendar = z.infer<typeof ZWorkingCalendarSchema>;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with it, and
 * capacity and predictions ask for the wall time of every open job's due day several times.
 */
const wallTimeFormats = new Map<string, Intl.DateTimeFormat>();

function wallTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallTimeFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallTimeFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date (YYYY-MM-DD) and minute of the day of an instant in a time zone. */
export function wallTime(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = wallTimeFormat(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The instant a wall-clock time of a date names in a time zone (the zone's offset found by asking Intl). */
export function instantOf(date: string, minutes: number, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  let guess = asUtc;
  // Two passes settle the offset, daylight-saving changes included.
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = wallTime(new Date(guess), timeZone);
    const seenUtc = Date.parse(`${seen.date}T00:00:00Z`) + seen.minutes * MINUTE_MS;
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

/** When the workshop's calendar day holding `instant` began (midnight in the workshop's time zone). */
export function startOfWorkshopDay(instant: Date, timeZone: string): Date {
  return instantOf(wallTime(instant, timeZone).date, 0, timeZone);
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MINUTES * MINUTE_MS)
    .toISOString()
    .slice(0, 10);
}

function isOpenDate(calendar: TWorkingCalendar, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return calendar.openDays.includes(weekday) && !calendar.closedDates.includes(date);
}

// A calendar with no open day for this long is broken; stop rather than loop.
const SEARCH_DAYS = 3 * 366;

/**
 * `from` moved forward by `hours` of working time. A start outside opening hours starts at the next opening.
 */
export function addWorkingHours(from: Date, hours: number, calendar: TWorkingCalendar): Date {
  const opens = minutesOf(calendar.opensAt);
  const closes = minutesOf(calendar.closesAt);
  let left = Math.round(hours * 60);
  let { date, minutes } = wallTime(from, calendar.timeZone);
  for (let day = 0; day < SEARCH_DAYS; day += 1) {
    if (isOpenDate(calendar, date) && minutes < closes) {
      const start = Math.max(minutes, opens);
      if (start + left <= closes) return instantOf(date, start + left, calendar.timeZone);
      left -= closes - start;
    }
    date = shiftDate(date, 1);
    minutes = 0;
  }
  throw new Error('The working calendar has no open day within three years');
}

/**
 * `to` moved back by `hours` of working time. An end outside opening hours ends at the last closing before,
 * and a result at an opening time reads as the closing before it.
 */
export function subtractWorkingHours(to: Date, hours: number, calendar: TWorkingCalendar): Date {
  const opens = minutesOf(calendar.opensAt);
  const closes = minutesOf(calendar.closesAt);
  let left = Math.round(hours * 60);
  let { date, minutes } = wallTime(to, calendar.timeZone);
  for (let day = 0; day < SEARCH_DAYS; day += 1) {
    if (isOpenDate(calendar, date) && minutes > opens) {
      const end = Math.min(minutes, closes);
      // Landing exactly at opening means done by the closing before: the later of two equal readings.
      if (end - left > opens) return instantOf(date, end - left, calendar.timeZone);
      left -= end - opens;
    }
    date = shiftDate(date, -1);
    minutes = DAY_MINUTES;
  }
  throw new Error('The working calendar has no open day within three years');
}

/** Closing time on a promised date (or the last open day before it, when the workshop is closed that day). */
export function endOfWorkingDay(date: string, calendar: TWorkingCalendar): Date {
  return subtractWorkingHours(instantOf(date, DAY_MINUTES - 1, calendar.timeZone), 0, calendar);
}

/** Working hours between two instants (negative when `to` is before `from`), to the minute. */
export function workingHoursBetween(from: Date, to: Date, calendar: TWorkingCalendar): number {
  if (to.getTime() < from.getTime()) return -workingHoursBetween(to, from, calendar);
  const opens = minutesOf(calendar.opensAt);
  const closes = minutesOf(calendar.closesAt);
  const start = wallTime(from, calendar.timeZone);
  const end = wallTime(to, calendar.timeZone);
  let total = 0;
  for (
    let date = start.date, day = 0;
    date <= end.date && day < SEARCH_DAYS;
    date = shiftDate(date, 1), day += 1
  ) {
    if (!isOpenDate(calendar, date)) continue;
    const dayStart = Math.max(opens, date === start.date ? start.minutes : 0);
    const dayEnd = Math.min(closes, date === end.date ? end.minutes : DAY_MINUTES);
    if (dayEnd > dayStart) total += dayEnd - dayStart;
  }
  return total / 60;
}

/** Whether the workshop is open at `instant`: an open day, not a closed date, within opening hours. */
export function isWorkshopOpen(instant: Date, calendar: TWorkingCalendar): boolean {
  const { date, minutes } = wallTime(instant, calendar.timeZone);
  return (
    isOpenDate(calendar, date) &&
    minutes >= minutesOf(calendar.opensAt) &&
    minutes < minutesOf(calendar.closesAt)
  );
}

/** The workshop's date (YYYY-MM-DD) once it has opened on an open day, else null (before opening, closed days). */
export function openedWorkshopDate(instant: Date, calendar: TWorkingCalendar): string | null {
  const { date, minutes } = wallTime(instant, calendar.timeZone);
  return isOpenDate(calendar, date) && minutes >= minutesOf(calendar.opensAt) ? date : null;
}

/**
 * When each remaining phase must be done for the job to make its promised date: the last phase by closing
 * time on that date, each earlier one the later phases' targets before. Keyed by phase key.
 */
export function phaseDueTimes(
  promisedDate: string,
  phases: readonly { readonly key: string; readonly targetHours: number }[],
  calendar: TWorkingCalendar,
): Map<string, Date> {
  const due = new Map<string, Date>();
  let end = endOfWorkingDay(promisedDate, calendar);
  for (let index = phases.length - 1; index >= 0; index -= 1) {
    const phase = phases[index];
    if (phase === undefined) continue;
    due.set(phase.key, end);
    end = subtractWorkingHours(end, phase.targetHours, calendar);
  }
  return due;
}

/**
 * A person's own working days and hours (a part-timer, a late shift); the workshop's time zone and closed
 * dates still apply. Null: they work the workshop's hours.
 */
export const ZPersonHoursSchema = lazySchema(() =>
  z
    .object({
      openDays: ZWorkingCalendarSchema.unwrap().shape.openDays,
      opensAt: ZWorkingCalendarSchema.unwrap().shape.opensAt,
      closesAt: ZWorkingCalendarSchema.unwrap().shape.closesAt,
    })
    .refine((hours) => minutesOf(hours.opensAt) < minutesOf(hours.closesAt), {
      message: 'The day must end after it starts',
      path: ['closesAt'],
    }),
);
export type TPersonHours = z.infer<typeof ZPersonHoursSchema>;

/** The calendar a person's work counts in: their days and hours within the workshop's zone and closures. */
export function calendarFor(workshop: TWorkingCalendar, person: TPersonHours | null): TWorkingCalendar {
  return person === null ? workshop : { ...workshop, ...person };
}
