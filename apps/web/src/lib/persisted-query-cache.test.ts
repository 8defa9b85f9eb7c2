// @vitest-environment jsdom
import { CACHE } from '@loupe/domain/config/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPersistedQueries,
  startPersistedCacheSweep,
  sweepPersistedQueries,
  type TPersistedEntry,
} from './persisted-query-cache';
import { createQueryClient } from './query-client';

const departmentsKey = `${CACHE.localStoragePrefix}["registry","departments"]`;

function stored(key: string): TPersistedEntry | null {
  const raw = localStorage.getItem(key);
  return raw === null ? null : (JSON.parse(raw) as TPersistedEntry);
}

describe('the persisted query cache (spec §3, §9)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({
      now: Date.parse('2026-11-28T09:00:00Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('stores a registry answer as {data, timestamp, ttl} under the cache_ prefix', async () => {
    const client = createQueryClient({ storage: localStorage });
    await client.fetchQuery({ queryKey: ['registry', 'departments'], queryFn: async () => ['Casting'] });
    expect(stored(departmentsKey)).toEqual({ data: ['Casting'], timestamp: Date.now(), ttl: CACHE.ttlMs });
  });

  it('keeps answers outside the registry out of the storage', async () => {
    const client = createQueryClient({ storage: localStorage });
    await client.fetchQuery({
      queryKey: ['orders', 'list'],
      queryFn: async () => [{ customer: 'Ada Lovelace' }],
    });
    expect(localStorage.length).toBe(0);
  });

  it('opens a new client with the stored answer and its fetch time, so a stale one refetches', () => {
    const fetchedAt = Date.now() - 10 * 60_000;
    localStorage.setItem(
      departmentsKey,
      JSON.stringify({ data: ['Casting'], timestamp: fetchedAt, ttl: CACHE.ttlMs }),
    );
    const client = createQueryClient({ storage: localStorage });
    expect(client.getQueryData(['registry', 'departments'])).toEqual(['Casting']);
    expect(client.getQueryState(['registry', 'departments'])?.dataUpdatedAt).toBe(fetchedAt);
  });

  it('drops an entry fetched more than an hour ago, however recently it was used', () => {
    const fetchedAt = Date.now() - CACHE.maxAgeMs - 1;
    localStorage.setItem(
      departmentsKey,
      JSON.stringify({ data: ['Casting'], timestamp: fetchedAt, ttl: CACHE.ttlMs }),
    );
    const client = createQueryClient({ storage: localStorage });
    expect(client.getQueryData(['registry', 'departments'])).toBeUndefined();
    expect(localStorage.getItem(departmentsKey)).toBeNull();
  });

  it('ignores and removes an unreadable entry', () => {
    localStorage.setItem(departmentsKey, '{not json');
    localStorage.setItem(`${CACHE.localStoragePrefix}["registry","stations"]`, JSON.stringify({ data: [] }));
    localStorage.setItem('theme', 'dark');
    createQueryClient({ storage: localStorage });
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('sweeps every 60 s: an answer fetched over an hour ago leaves the storage and, unused, the memory', async () => {
    const client = createQueryClient({ storage: localStorage });
    await client.fetchQuery({ queryKey: ['registry', 'departments'], queryFn: async () => ['Casting'] });
    const stop = startPersistedCacheSweep(client, localStorage);
    vi.advanceTimersByTime(CACHE.maxAgeMs);
    expect(stored(departmentsKey)).not.toBeNull();
    vi.advanceTimersByTime(CACHE.cleanupIntervalMs);
    expect(stored(departmentsKey)).toBeNull();
    expect(client.getQueryData(['registry', 'departments'])).toBeUndefined();
    stop();
  });

  it('keeps at most 100 entries, the least recently fetched going first', () => {
    const client = createQueryClient({ storage: localStorage });
    const extra = 3;
    for (let index = 0; index < CACHE.memoryMaxEntries + extra; index += 1) {
      client.setQueryData(['registry', 'stations', `s${index}`], index, { updatedAt: Date.now() + index });
    }
    expect(localStorage.length).toBe(CACHE.memoryMaxEntries);
    expect(localStorage.getItem(`${CACHE.localStoragePrefix}["registry","stations","s0"]`)).toBeNull();
    expect(
      localStorage.getItem(`${CACHE.localStoragePrefix}["registry","stations","s${extra}"]`),
    ).not.toBeNull();
  });

  it('forgets every entry at sign-out and leaves other keys alone', async () => {
    const client = createQueryClient({ storage: localStorage });
    await client.fetchQuery({ queryKey: ['registry', 'departments'], queryFn: async () => ['Casting'] });
    localStorage.setItem('theme', 'dark');
    clearPersistedQueries(localStorage);
    expect(localStorage.getItem(departmentsKey)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    sweepPersistedQueries(client, localStorage);
    expect(client.getQueryData(['registry', 'departments'])).toEqual(['Casting']);
  });
});
