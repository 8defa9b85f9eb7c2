import { CACHE } from '@loupe/domain/config/constants';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** One cached answer in local storage, as spec §9 words it: the data, when it was fetched and its TTL. */
export type TPersistedEntry = { readonly data: unknown; readonly timestamp: number; readonly ttl: number };

/** The storage the cache writes to: window.localStorage in the app, a stand-in in tests. */
export type TCacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * The query-key roots whose answers outlive a reload: the registry answers spec §7 caches (/locations,
 * /departments, /stations). A kiosk or a phone then opens with the last list while it refetches.
 */
export const PERSISTED_ROOTS: ReadonlySet<string> = new Set(['registry']);

const storageKeyOf = (queryKey: QueryKey) => `${CACHE.localStoragePrefix}${hashKey(queryKey)}`;

function isPersisted(queryKey: QueryKey): boolean {
  return typeof queryKey[0] === 'string' && PERSISTED_ROOTS.has(queryKey[0]);
}

function readEntry(storage: TCacheStorage, key: string): TPersistedEntry | null {
  try {
    const entry = JSON.parse(storage.getItem(key) ?? 'null') as Partial<TPersistedEntry> | null;
    if (
      !entry ||
      typeof entry.timestamp !== 'number' ||
      typeof entry.ttl !== 'number' ||
      !('data' in entry)
    ) {
      return null;
    }
    return entry as TPersistedEntry;
  } catch {
    return null;
  }
}

/** Every key of this cache in the storage, read up front since removing shifts the indexes. */
function cacheKeys(storage: TCacheStorage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(CACHE.localStoragePrefix)) keys.push(key);
  }
  return keys;
}

function isExpired(entry: TPersistedEntry, nowMs: number): boolean {
  return nowMs - entry.timestamp > CACHE.maxAgeMs;
}

/**
 * Drops what is older than the max age (counted from when it was fetched, not from its last use) from the
 * storage and, when no screen shows it, from memory; an unreadable entry goes too.
 */
export function sweepPersistedQueries(client: QueryClient, storage: TCacheStorage, nowMs = Date.now()): void {
  for (const key of cacheKeys(storage)) {
    const entry = readEntry(storage, key);
    if (!entry || isExpired(entry, nowMs)) storage.removeItem(key);
  }
  const queryCache = client.getQueryCache();
  for (const query of queryCache.findAll({ type: 'inactive' })) {
    if (isPersisted(query.queryKey) && nowMs - query.state.dataUpdatedAt > CACHE.maxAgeMs) {
      queryCache.remove(query);
    }
  }
}

/** Keeps at most `CACHE.memoryMaxEntries` entries, the least recently fetched going first. */
function enforceLimit(storage: TCacheStorage): void {
  const entries = cacheKeys(storage).map((key) => ({
    key,
    timestamp: readEntry(storage, key)?.timestamp ?? 0,
  }));
  const excess = entries.length - CACHE.memoryMaxEntries;
  if (excess <= 0) return;
  entries.sort((a, b) => a.timestamp - b.timestamp);
  for (const { key } of entries.slice(0, excess)) storage.removeItem(key);
}

/**
 * Puts the stored answers back into the client (with their fetch time, so a stale one refetches as soon as
 * a screen shows it), then writes every new answer of a persisted root to the storage.
 */
export function persistQueries(client: QueryClient, storage: TCacheStorage, nowMs = Date.now()): void {
  for (const key of cacheKeys(storage)) {
    const entry = readEntry(storage, key);
    if (!entry || isExpired(entry, nowMs)) {
      storage.removeItem(key);
      continue;
    }
    try {
      const queryKey = JSON.parse(key.slice(CACHE.localStoragePrefix.length)) as QueryKey;
      if (Array.isArray(queryKey) && isPersisted(queryKey)) {
        client.setQueryData(queryKey, entry.data, { updatedAt: entry.timestamp });
      }
    } catch {
      storage.removeItem(key);
    }
  }
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isPersisted(event.query.queryKey))
      return;
    const entry: TPersistedEntry = {
      data: event.query.state.data,
      timestamp: event.query.state.dataUpdatedAt,
      ttl: CACHE.ttlMs,
    };
    try {
      storage.setItem(storageKeyOf(event.query.queryKey), JSON.stringify(entry));
      enforceLimit(storage);
    } catch {
      // A full or refused storage only costs the next reload its head start.
    }
  });
}

/** Starts the sweep every `CACHE.cleanupIntervalMs`; returns what stops it. */
export function startPersistedCacheSweep(client: QueryClient, storage: TCacheStorage): () => void {
  const timer = setInterval(() => sweepPersistedQueries(client, storage), CACHE.cleanupIntervalMs);
  return () => clearInterval(timer);
}

/** The browser's local storage, or null where it is refused (some private windows, a locked-down kiosk). */
export function browserCacheStorage(): TCacheStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Forgets every stored answer: at sign-out, so the next person on this device starts clean. */
export function clearPersistedQueries(storage: TCacheStorage): void {
  for (const key of cacheKeys(storage)) storage.removeItem(key);
}
