// Business constants and limits of spec §9 (and the few of §4/§7 they belong with). The offsite defaults
// live with the general settings (settings/general-settings.ts).

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** Request timeouts (§9). */
export const TIMEOUTS_MS = {
  /** Any request without a more specific timeout. */
  default: 30 * SECOND_MS,
  /** Multipart uploads (§7). */
  upload: 120 * SECOND_MS,
  /** Blob downloads (§7). */
  download: 60 * SECOND_MS,
} as const;

/** Retry of failed requests (§9); the delays are computed by config/backoff.ts. */
export const RETRY = {
  /** Statuses worth retrying: timeouts, rate limiting and transient server errors. */
  statuses: [408, 429, 500, 502, 503, 504],
  /** Attempts in all, the first included. */
  maxAttempts: 3,
  /** Delay before the first retry. */
  initialDelayMs: 1 * SECOND_MS,
  /** Cap of the exponential delay, before jitter. */
  maxDelayMs: 10 * SECOND_MS,
  /** Growth of the delay from one retry to the next. */
  factor: 2,
  /** Random jitter added to every delay, up to this much. */
  maxJitterMs: 1 * SECOND_MS,
} as const;

/** Client-side rate limit (§9) and the 429 handling of §4. */
export const RATE_LIMIT = {
  /** Sustained requests per window. */
  requestsPerSecond: 10,
  /** Requests allowed at once before throttling. */
  burst: 20,
  /** Length of the rate-limit window. */
  windowMs: 1 * SECOND_MS,
  /** Wait after a 429 whose retry-after header is missing or unreadable (§4). */
  defaultRetryAfterMs: 60 * SECOND_MS,
} as const;

/** Client response cache (§9). */
export const CACHE = {
  /** How long an entry is served without refetching. */
  ttlMs: 5 * MINUTE_MS,
  /** An entry older than this is dropped whatever its TTL. */
  maxAgeMs: 1 * HOUR_MS,
  /** Entries kept in the memory cache. */
  memoryMaxEntries: 100,
  /** How often expired memory entries are swept. */
  cleanupIntervalMs: 60 * SECOND_MS,
  /** Prefix of cache entries in local storage. */
  localStoragePrefix: 'cache_',
} as const;

/** Realtime socket (§7, §9). */
export const WEBSOCKET = {
  /** Reconnect attempts before the connection counts as failed (§4). */
  reconnectAttempts: 5,
  /** Delay between reconnect attempts. */
  reconnectDelayMs: 3 * SECOND_MS,
  /** Interval of the ping heartbeat. */
  heartbeatIntervalMs: 30 * SECOND_MS,
  /** Messages queued while disconnected; beyond it the oldest is dropped (§7). */
  queueSize: 100,
  /** Websocket transport only, no long-polling fallback (§7). */
  transports: ['websocket'],
} as const;

/**
 * The identity service (§4, §9). The rest of §9's identity values (token refresh tolerance, attempts,
 * backoff, no identity pool, no hosted UI, no guest access) are Amplify's own defaults, which Loupe leaves
 * as they are: docs/spec-differences.md.
 */
export const IDENTITY = {
  /** Region of the user pool (the embedded pool's id is Cognito-shaped: `us-east-1_…`). */
  region: 'us-east-1',
  /** A pending sign-in challenge expires this long after its last update (§4). */
  pendingSignInTtlMs: 3 * MINUTE_MS,
} as const;

/** Feature flags (§9). */
export const FEATURE_FLAGS = {
  /** Request compression. */
  compression: true,
  /** X-CSRF-Token on mutating requests (§7). */
  csrfProtection: true,
  /** Error tracking. */
  errorTracking: true,
  /** Performance tracking. */
  performanceTracking: true,
  /** Client log level. */
  logLevel: 'error',
} as const;

/** Client metrics and error queue (§9). */
export const METRICS = {
  /** Request metrics kept. */
  maxEntries: 1000,
  /** Requests slower than this log a warning. */
  slowRequestThresholdMs: 3000,
  /** Errors kept in the error queue. */
  errorQueueSize: 100,
} as const;

/** Toasts (§4, §9). */
export const TOASTS = {
  /** How long a toast shows by default. */
  defaultDurationMs: 5000,
  /** Swipe distance, in pixels, that dismisses a toast. */
  swipeThreshold: 50,
  /** Key that focuses the toast region. */
  hotkey: 'F8',
  /** Toasts shown at once (§4). */
  limit: 1,
  /** A dismissed toast is removed after this delay (§4). */
  removeDelayMs: 1_000_000,
  /** How long the toast of a matched RFID scan shows (§4). */
  scanDurationMs: 3000,
  /** Title of the scan toast; {number} is the order or repair number. */
  scanTitleTemplate: '{number} detected at {department} - {station}',
  /** Description of the scan toast. */
  scanDescriptionTemplate: 'EPC: {epc}',
} as const;

export type TScanToastInput = {
  readonly number: string;
  readonly department: string;
  readonly station: string;
  readonly epc: string;
};

function fillTemplate(template: string, values: TScanToastInput): string {
  // A function replacement, so a '$&' in a value is copied as typed rather than read as a pattern.
  return template.replace(
    /\{(number|department|station|epc)\}/g,
    (_match, key: keyof TScanToastInput) => values[key],
  );
}

/** The toast of a scan that matched an order or repair (§4, §9). */
export function formatScanToast(input: TScanToastInput): { title: string; description: string } {
  return {
    title: fillTemplate(TOASTS.scanTitleTemplate, input),
    description: fillTemplate(TOASTS.scanDescriptionTemplate, input),
  };
}

/** Location of departments created without one (§3, §9). */
export const DEFAULT_LOCATION_ID = 'LOC001';

/** Sidebar layout (§2, §9). */
export const SIDEBAR = {
  /** Lifetime of the cookie that keeps the sidebar open or collapsed: 7 days. */
  cookieMaxAgeSeconds: 7 * 24 * 60 * 60,
  /** Width of the expanded sidebar. */
  width: '16rem',
  /** Width of the sidebar collapsed to icons. */
  widthIcon: '3rem',
  /** Width of the mobile sheet. */
  widthMobile: '18rem',
  /** Viewports narrower than this are mobile. */
  mobileBreakpointPx: 768,
  /** With Ctrl or Cmd, toggles the sidebar. */
  keyboardShortcut: 'b',
} as const;

/** Default query behaviour (§7). */
export const QUERY_DEFAULTS = {
  /** Data stays fresh this long. */
  staleTimeMs: 5 * MINUTE_MS,
  /** Retries of a failed query. */
  retry: 1,
  /** No refetch when the window regains focus. */
  refetchOnWindowFocus: false,
} as const;

/** Tracked orders re-sync this often (§7, §9). */
export const TRACKING_SYNC_INTERVAL_MS = 30 * SECOND_MS;

/** Random characters in an X-Correlation-ID (§9). */
export const CORRELATION_ID_LENGTH = 21;
