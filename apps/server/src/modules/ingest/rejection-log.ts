import type { TClock } from '../../lib/clock.ts';

/**
 * The log of what readers send that Loupe cannot read (issue 34 §3): at most one line per reader per
 * interval, carrying how many payloads and parts were refused since the reader's previous line without
 * one of their own. A reader flooding junk — one payload of 349,521 bad parts wrote 60 MB of log, a line a
 * part — costs a line a minute; the answer to the reader (HTTP) still says what is wrong each time.
 */
export type TRefusedInput = {
  /** VALIDATION_FAILED (nothing readable, or some parts not), TOO_MANY_READS (refused whole). */
  readonly code: 'VALIDATION_FAILED' | 'TOO_MANY_READS';
  /** Parts of the payload refused (a payload refused whole counts its reads, as far as they were counted). */
  readonly parts: number;
  /** The first reason, as the reader is told it. */
  readonly reason: string;
};

export type TRejectionLog = { report(readerId: string, refused: TRefusedInput): void };

export const REJECTION_LOG_INTERVAL_MS = 60_000;
/** Readers remembered; beyond it the one logged longest ago is forgotten (a topic can name any reader). */
const MAX_READERS = 10_000;
/** A reason quotes what the reader sent: the log keeps its start. */
const MAX_REASON_CHARS = 300;

export function createRejectionLog(options: {
  readonly logger: { warn(fields: Record<string, unknown>, message: string): void };
  readonly clock: TClock;
  readonly intervalMs?: number;
}): TRejectionLog {
  const intervalMs = options.intervalMs ?? REJECTION_LOG_INTERVAL_MS;
  // Insertion order = the order of their last line: the oldest first.
  const readers = new Map<string, { loggedAt: number; payloads: number; parts: number }>();
  return {
    report(readerId, refused) {
      const now = options.clock().getTime();
      const previous = readers.get(readerId);
      if (previous !== undefined && now - previous.loggedAt < intervalMs) {
        previous.payloads += 1;
        previous.parts += refused.parts;
        return;
      }
      options.logger.warn(
        {
          readerId,
          code: refused.code,
          refusedParts: refused.parts,
          reason: refused.reason.slice(0, MAX_REASON_CHARS),
          // Refused since this reader's previous line, and not logged on their own.
          suppressedPayloads: previous?.payloads ?? 0,
          suppressedParts: previous?.parts ?? 0,
        },
        `rfid: refused input from a reader (at most one line per reader every ${Math.round(intervalMs / 1000)} s)`,
      );
      readers.delete(readerId);
      readers.set(readerId, { loggedAt: now, payloads: 0, parts: 0 });
      if (readers.size > MAX_READERS) {
        const oldest = readers.keys().next().value;
        if (oldest !== undefined) readers.delete(oldest);
      }
    },
  };
}
