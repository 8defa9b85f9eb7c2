import { CACHE } from '@loupe/domain/config/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache, isCachedPath } from './response-cache';

function clock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('response cache', () => {
  it('serves an entry until its 5-minute TTL runs out', () => {
    const time = clock();
    const cache = createResponseCache({ now: time.now });
    cache.set('/locations', [{ id: 'LOC001' }]);
    time.advance(CACHE.ttlMs - 1);
    expect(cache.get('/locations')).toEqual([{ id: 'LOC001' }]);
    time.advance(1);
    expect(cache.get('/locations')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.clear();
  });

  it('keeps at most 100 entries and drops the least recently used first', () => {
    const time = clock();
    const cache = createResponseCache({ now: time.now });
    for (let index = 0; index < CACHE.memoryMaxEntries; index += 1) cache.set(`/stations/${index}`, index);
    // Reading entry 0 makes entry 1 the least recently used.
    expect(cache.get('/stations/0')).toBe(0);
    cache.set('/stations/new', 'new');
    expect(cache.size).toBe(CACHE.memoryMaxEntries);
    expect(cache.get('/stations/1')).toBeUndefined();
    expect(cache.get('/stations/0')).toBe(0);
    expect(cache.get('/stations/new')).toBe('new');
    cache.clear();
  });

  it('sweeps expired entries every 60 s and stops its timer once empty', () => {
    vi.useFakeTimers();
    const cache = createResponseCache({ now: Date.now });
    cache.set('/departments', ['Casting']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(CACHE.ttlMs - CACHE.cleanupIntervalMs);
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(CACHE.cleanupIntervalMs);
    expect(cache.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops the entries of a resource after a write to it', () => {
    const cache = createResponseCache();
    cache.set('/departments', 1);
    cache.set('/departments?locationId=LOC001', 2);
    cache.set('/stations', 3);
    cache.invalidatePrefix('/departments');
    expect(cache.get('/departments')).toBeUndefined();
    expect(cache.get('/departments?locationId=LOC001')).toBeUndefined();
    expect(cache.get('/stations')).toBe(3);
    cache.clear();
  });
});

describe('isCachedPath', () => {
  it.each([
    ['/locations', true],
    ['/departments?locationId=LOC001', true],
    ['stations/S1', true],
    ['/locationsettings', false],
    ['/orders', false],
    ['/auth/profile', false],
  ])('%s → %s', (path, expected) => {
    expect(isCachedPath(path)).toBe(expected);
  });
});
