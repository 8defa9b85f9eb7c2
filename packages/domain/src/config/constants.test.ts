import { describe, expect, it } from 'vitest';
import {
  CACHE,
  CORRELATION_ID_LENGTH,
  DEFAULT_LOCATION_ID,
  FEATURE_FLAGS,
  formatScanToast,
  IDENTITY,
  METRICS,
  QUERY_DEFAULTS,
  RATE_LIMIT,
  RETRY,
  SIDEBAR,
  TIMEOUTS_MS,
  TOASTS,
  TRACKING_SYNC_INTERVAL_MS,
  WEBSOCKET,
} from './constants';

// Every value as spec §9 states it, in the spec's own units, converted here by hand.
describe('business constants (spec §9)', () => {
  it('sets the timeouts: default 30 s, upload 120 s, download 60 s', () => {
    expect(TIMEOUTS_MS).toEqual({ default: 30_000, upload: 120_000, download: 60_000 });
  });

  it('sets the retry policy', () => {
    expect(RETRY).toEqual({
      statuses: [408, 429, 500, 502, 503, 504],
      maxAttempts: 3,
      initialDelayMs: 1000,
      maxDelayMs: 10_000,
      factor: 2,
      maxJitterMs: 1000,
    });
  });

  it('sets the client rate limit: 10 per second, burst 20, 1000 ms window, 60 s retry-after default', () => {
    expect(RATE_LIMIT).toEqual({
      requestsPerSecond: 10,
      burst: 20,
      windowMs: 1000,
      defaultRetryAfterMs: 60_000,
    });
  });

  it('sets the cache', () => {
    expect(CACHE).toEqual({
      ttlMs: 300_000,
      maxAgeMs: 3_600_000,
      memoryMaxEntries: 100,
      cleanupIntervalMs: 60_000,
      localStoragePrefix: 'cache_',
    });
  });

  it('sets the websocket: 5 attempts, 3 s delay, 30 s heartbeat, queue 100, websocket only', () => {
    expect(WEBSOCKET).toEqual({
      reconnectAttempts: 5,
      reconnectDelayMs: 3000,
      heartbeatIntervalMs: 30_000,
      queueSize: 100,
      transports: ['websocket'],
    });
  });

  it('sets the identity service', () => {
    expect(IDENTITY).toEqual({ region: 'us-east-1', pendingSignInTtlMs: 180_000 });
  });

  it('sets the feature flags', () => {
    expect(FEATURE_FLAGS).toEqual({
      compression: true,
      csrfProtection: true,
      errorTracking: true,
      performanceTracking: true,
      logLevel: 'error',
    });
  });

  it('sets the metrics: 1000 entries, 3000 ms slow threshold, error queue 100', () => {
    expect(METRICS).toEqual({ maxEntries: 1000, slowRequestThresholdMs: 3000, errorQueueSize: 100 });
  });

  it('sets the toasts', () => {
    expect(TOASTS).toEqual({
      defaultDurationMs: 5000,
      swipeThreshold: 50,
      hotkey: 'F8',
      limit: 1,
      removeDelayMs: 1_000_000,
      scanDurationMs: 3000,
      scanTitleTemplate: '{number} detected at {department} - {station}',
      scanDescriptionTemplate: 'EPC: {epc}',
    });
  });

  it('sets the sidebar: 7-day cookie, 16/3/18 rem, 768 px breakpoint, shortcut b', () => {
    expect(SIDEBAR).toEqual({
      cookieMaxAgeSeconds: 604_800,
      width: '16rem',
      widthIcon: '3rem',
      widthMobile: '18rem',
      mobileBreakpointPx: 768,
      keyboardShortcut: 'b',
    });
  });

  it('sets the query defaults: fresh 5 minutes, one retry, no refetch on focus (§7)', () => {
    expect(QUERY_DEFAULTS).toEqual({ staleTimeMs: 300_000, retry: 1, refetchOnWindowFocus: false });
  });

  it('sets the single values', () => {
    expect(DEFAULT_LOCATION_ID).toBe('LOC001');
    expect(TRACKING_SYNC_INTERVAL_MS).toBe(30_000);
    expect(CORRELATION_ID_LENGTH).toBe(21);
  });
});

describe('formatScanToast (spec §9)', () => {
  it('fills the title and description templates', () => {
    expect(
      formatScanToast({ number: 'ORD-1042', department: 'Casting', station: 'Bench 3', epc: 'E200341201' }),
    ).toEqual({ title: 'ORD-1042 detected at Casting - Bench 3', description: 'EPC: E200341201' });
  });

  it('copies values literally, even ones that look like replacement patterns or placeholders', () => {
    expect(formatScanToast({ number: "$&$'", department: '{station}', station: '$1', epc: '{epc}' })).toEqual(
      {
        title: "$&$' detected at {station} - $1",
        description: 'EPC: {epc}',
      },
    );
  });
});
