// Client error and performance tracking (spec §9 "error and performance tracking on"; issue 36 §2). The
// queue sizes and the slow-request threshold are spec §9's, in METRICS (constants.ts); these are Loupe's.

const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;

export const CLIENT_TELEMETRY = {
  /** How often the browser sends what it queued (and at once when the page is hidden). */
  flushIntervalMs: 30 * SECOND_MS,
  /** How long the server keeps client errors and request metrics. */
  retentionMs: 14 * DAY_MS,
  /** Characters kept of an error's message and of its stack. */
  maxMessageChars: 1000,
  maxStackChars: 4000,
  /** How many of the latest errors and slow requests the System health page lists. */
  recentLimit: 50,
} as const;
