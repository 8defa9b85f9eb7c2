import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';

/** What an adapter makes of one payload: tag reads and heartbeats, and nothing else (docs/architecture.md). */
export type TAdapterResult = {
  readonly reads: TTagReadEvent[];
  /** A reader said it is alive (Zebra heartbeat events, Impinj keep-alive arrays). */
  readonly heartbeats: { readonly readerId: string; readonly at: string }[];
  /** Events of other types (GPI, inventory status, diagnostics): not reads, counted. */
  ignored: number;
  /** Parts that could not be read, with what is wrong; the rest of the payload still counts. */
  readonly rejected: { readonly index: number; readonly message: string }[];
};

/** Who sent the payload: the reader its API key or MQTT credentials belong to. */
export type TAdapterContext = {
  readonly readerId: string;
  readonly now: () => Date;
};

export function emptyResult(): TAdapterResult {
  return { reads: [], heartbeats: [], ignored: 0, rejected: [] };
}

// An explicit zone is required: a reader's local time without one cannot be placed on the timeline.
const ZONED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reader timestamps as ISO UTC: Zebra writes offsets without a colon (`+0100`), Impinj nanoseconds; both
 * become milliseconds in UTC. Null when the text is not a zoned timestamp.
 */
export function readerTimestamp(text: string): string | null {
  if (!ZONED_TIMESTAMP.test(text)) return null;
  const withColon = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(withColon);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
