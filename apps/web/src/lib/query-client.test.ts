import { CACHE, QUERY_DEFAULTS } from '@loupe/domain/config/constants';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('serves a registry answer for the TTL and keeps it for the max age (spec §9)', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => ['Casting']);
    await client.fetchQuery({ queryKey: ['registry', 'departments'], queryFn });
    await client.fetchQuery({ queryKey: ['registry', 'departments'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryDefaults(['registry', 'departments'])).toMatchObject({
      staleTime: CACHE.ttlMs,
      gcTime: CACHE.maxAgeMs,
    });
    expect(client.getDefaultOptions().queries?.staleTime).toBe(QUERY_DEFAULTS.staleTimeMs);
  });

  it('refetches a registry answer once an event marks it stale', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => ['Casting']);
    await client.fetchQuery({ queryKey: ['registry', 'departments'], queryFn });
    await client.invalidateQueries({ queryKey: ['registry'] });
    await client.fetchQuery({ queryKey: ['registry', 'departments'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 100 registry answers, dropping the least recently updated unused ones', () => {
    const client = createQueryClient();
    const extra = 5;
    for (let index = 0; index < CACHE.memoryMaxEntries + extra; index += 1) {
      client.setQueryData(['registry', 'stations', `s${index}`], { index }, { updatedAt: 1_000 + index });
    }
    client.setQueryData(['orders', 'list'], []);
    const registry = client.getQueryCache().findAll({ queryKey: ['registry'] });
    expect(registry).toHaveLength(CACHE.memoryMaxEntries);
    expect(client.getQueryData(['registry', 'stations', 's0'])).toBeUndefined();
    expect(client.getQueryData(['registry', 'stations', `s${extra - 1}`])).toBeUndefined();
    expect(client.getQueryData(['registry', 'stations', `s${extra}`])).toEqual({ index: extra });
    expect(client.getQueryData(['orders', 'list'])).toEqual([]);
  });
});
