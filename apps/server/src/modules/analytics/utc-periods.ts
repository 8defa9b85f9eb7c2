// The whole UTC days and months of a range: the day and month rollups are kept by UTC day.

/**
 * The whole UTC days inside [fromAt, toAt) (the day rollups are kept by UTC day), with their bounds; null
 * when there is none. A workshop in UTC gets its whole range back.
 */
export function wholeUtcDays(fromAt: Date, toAt: Date) {
  const DAY_MS = 86_400_000;
  const first = Math.ceil(fromAt.getTime() / DAY_MS) * DAY_MS;
  const end = Math.floor(toAt.getTime() / DAY_MS) * DAY_MS;
  if (first >= end) return null;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { fromAt: new Date(first), toAt: new Date(end), fromDay: day(first), toDay: day(end) };
}

/**
 * The whole UTC months inside the days [fromDay, toDay) ('YYYY-MM-DD', the end excluded), as the first days of
 * the first and the following month; null when there is none.
 */
export function wholeUtcMonths(fromDay: string, toDay: string) {
  const firstOf = (day: string) => `${day.slice(0, 7)}-01`;
  const next = new Date(`${firstOf(fromDay)}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const fromMonth = fromDay.endsWith('-01') ? fromDay : next.toISOString().slice(0, 10);
  const toMonth = firstOf(toDay);
  return fromMonth < toMonth ? { fromMonth, toMonth } : null;
}
