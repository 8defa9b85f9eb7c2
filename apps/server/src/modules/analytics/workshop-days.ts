import { addDays } from '@loupe/domain/analytics/statistics';
import { startOfWorkshopDay } from '@loupe/domain/workflow/working-calendar';

/** Days already turned into instants, by zone and day: a capacity plan asks for the same few hundred days. */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 10_000;

/** Midnight at the start of a calendar day in the workshop's zone. */
export function dayStart(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    // Noon UTC of the day lies within that day in every zone from UTC−12 to UTC+12.
    start = startOfWorkshopDay(new Date(`${day}T12:00:00Z`), timeZone).getTime();
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/** The end of a promised day: when a job promised for it becomes late. */
export function dueAtOf(promisedDate: string | null, timeZone: string): Date | null {
  return promisedDate === null ? null : dayStart(addDays(promisedDate, 1), timeZone);
}
