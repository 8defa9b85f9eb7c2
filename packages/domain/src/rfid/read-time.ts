/**
 * The instants a tag read may carry (issue 34 §1): those a database timestamp holds and an ISO timestamp
 * writes with a four-digit year, 0001-01-01 to 9999-12-31 UTC. A read stamped outside them (a reader clock
 * gone wrong, or junk) is refused where it arrives: recorded, it would fail the whole batch it shares with
 * other readers' reads.
 */
export const EARLIEST_READ_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_READ_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');

export const READ_TIME_RANGE_MESSAGE = 'timestamp must lie between 0001-01-01 and 9999-12-31 UTC';

export function isStorableReadTime(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_READ_TIME_MS && ms <= LATEST_READ_TIME_MS;
}
