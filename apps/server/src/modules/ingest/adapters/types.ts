import { isStorableReadTime, READ_TIME_RANGE_MESSAGE } from '@loupe/domain/rfid/read-time';
import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';

/** What an adapter makes of one payload: tag reads and heartbeats, and nothing else (docs/architecture.md). */
export type TAdapterResult = {
  readonly reads: TTagReadEvent[];
  /** A reader said it is alive (Zebra heartbeat events, Impinj keep-alive arrays). */
  readonly heartbeats: { readonly readerId: string; readonly at: string }[];
  /** Events of other types (GPI, inventory status, diagnostics): not reads, counted. */
  ignored: number;
  /**
   * Parts that could not be read, with what is wrong, the first MAX_LISTED_REJECTIONS of them; the rest of
   * the payload still counts.
   */
  readonly rejected: { readonly index: number; readonly message: string }[];
  /** How many parts could not be read, listed or not. */
  rejectedCount: number;
};

/**
 * Parts of one payload listed with their reason; beyond this they are only counted (issue 34 §3), so a
 * payload of thousands of bad parts answers and logs a few lines, not thousands.
 */
export const MAX_LISTED_REJECTIONS = 20;

/**
 * A part that could not be read: listed with its reason while few are, else only counted. A reason given
 * as a function is made only when listed: describing a schema failure costs more than finding it.
 */
export function rejectPart(result: TAdapterResult, index: number, message: string | (() => string)): void {
  result.rejectedCount += 1;
  if (result.rejected.length >= MAX_LISTED_REJECTIONS) return;
  result.rejected.push({ index, message: typeof message === 'string' ? message : message() });
}

/** A value a reader sent, quoted in a reason: cut short, since the reason goes back to it and to the log. */
export function quoted(value: string): string {
  return value.length > 40 ? `'${value.slice(0, 40)}…'` : `'${value}'`;
}

/** Who sent the payload: the reader its API key or MQTT credentials belong to. */
export type TAdapterContext = {
  readonly readerId: string;
  readonly now: () => Date;
};

export function emptyResult(): TAdapterResult {
  return { reads: [], heartbeats: [], ignored: 0, rejected: [], rejectedCount: 0 };
}

// An explicit zone is required: a reader's local time without one cannot be placed on the timeline.
const ZONED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reader timestamps as ISO UTC: Zebra writes offsets without a colon (`+0100`), Impinj nanoseconds; both
 * become milliseconds in UTC. Null when the text is not a zoned timestamp a database can store
 * (`@loupe/domain/rfid/read-time`).
 */
export function readerTimestamp(text: string): string | null {
  if (!ZONED_TIMESTAMP.test(text)) return null;
  const withColon = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(withColon);
  return isStorableReadTime(ms) ? new Date(ms).toISOString() : null;
}

/** Why `readerTimestamp` refused a reader's timestamp. */
export function timestampRejection(text: string): string {
  return `timestamp ${quoted(text)} is not a timestamp with a time zone, or ${READ_TIME_RANGE_MESSAGE}`;
}
