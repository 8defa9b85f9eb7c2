import { CACHE } from '@loupe/domain/config/constants';

export type TResponseCacheOptions = {
  /** How long an entry is served (spec §9: 5 minutes). */
  readonly ttlMs?: number;
  /** Entries kept; the least recently used goes first (spec §9: 100). */
  readonly maxEntries?: number;
  /** How often expired entries are swept while the cache holds any (spec §9: 60 s). */
  readonly cleanupIntervalMs?: number;
  /** The clock, injectable for tests. */
  readonly now?: () => number;
};

export type TResponseCache = {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  /** Drops every entry whose key starts with `prefix` (after a write to that resource). */
  invalidatePrefix(prefix: string): void;
  /** Drops expired entries; the cleanup timer calls it. */
  sweep(): void;
  clear(): void;
  readonly size: number;
};

type TEntry = { readonly value: unknown; readonly expiresAt: number };

/**
 * The memory cache of GET answers (spec §7, §9): a Map kept in least-recently-used order, entries expire
 * after the TTL. The cleanup timer runs only while the cache holds entries, so an idle cache (and a test)
 * leaves no timer behind.
 */
export function createResponseCache(options: TResponseCacheOptions = {}): TResponseCache {
  // The spec's max age (1 h) is longer than its TTL (5 min), so the TTL alone decides expiry.
  const ttlMs = Math.min(options.ttlMs ?? CACHE.ttlMs, CACHE.maxAgeMs);
  const maxEntries = options.maxEntries ?? CACHE.memoryMaxEntries;
  const cleanupIntervalMs = options.cleanupIntervalMs ?? CACHE.cleanupIntervalMs;
  const now = options.now ?? Date.now;
  const entries = new Map<string, TEntry>();
  let timer: ReturnType<typeof setInterval> | undefined;

  function stopTimerWhenEmpty(): void {
    if (entries.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  function sweep(): void {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= time) entries.delete(key);
    }
    stopTimerWhenEmpty();
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) {
        stopTimerWhenEmpty();
        return undefined;
      }
      // Re-inserting moves the key to the end: the Map's order is the recency order.
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      if (timer === undefined) timer = setInterval(sweep, cleanupIntervalMs);
    },
    invalidatePrefix(prefix) {
      for (const key of entries.keys()) {
        if (key.startsWith(prefix)) entries.delete(key);
      }
      stopTimerWhenEmpty();
    },
    sweep,
    clear() {
      entries.clear();
      stopTimerWhenEmpty();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Whether a GET is cached (spec §7: /api/locations, /api/departments, /api/stations and below). `path` is
 * relative to the versioned base, as the API client takes it: '/locations' stands for /api/v1/locations.
 */
export function isCachedPath(path: string): boolean {
  const pathname = `/api/${(path.split('?')[0] ?? '').replace(/^\/+/, '')}`;
  return CACHE.cachedGetPaths.some((cached) => pathname === cached || pathname.startsWith(`${cached}/`));
}
