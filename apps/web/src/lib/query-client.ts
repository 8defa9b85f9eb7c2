import { CACHE, QUERY_DEFAULTS } from '@loupe/domain/config/constants';
import { QueryClient } from '@tanstack/react-query';
import { persistQueries, type TCacheStorage } from './persisted-query-cache';

/** The query-key root of the cached registry answers (/locations, /departments, /stations: spec §7). */
const REGISTRY_ROOT = 'registry';

/**
 * TanStack Query is the app's one cache of server answers. Its defaults are spec §7's (fresh 5 minutes,
 * one retry, no refetch on focus); the registry answers that spec §7 caches follow §9: served for the TTL
 * (staleTime), dropped once unused for the max age (gcTime), and at most 100 kept. Realtime events mark
 * answers stale through one map (lib/realtime/query-invalidation.ts). Given a storage, the registry answers
 * also outlive a reload (lib/persisted-query-cache.ts).
 */
export function createQueryClient(options: { readonly storage?: TCacheStorage | null } = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        retry: QUERY_DEFAULTS.retry,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
      },
    },
  });
  client.setQueryDefaults([REGISTRY_ROOT], { staleTime: CACHE.ttlMs, gcTime: CACHE.maxAgeMs });
  const queryCache = client.getQueryCache();
  queryCache.subscribe((event) => {
    if (event.type !== 'added' || event.query.queryKey[0] !== REGISTRY_ROOT) return;
    // Beyond the cap, the least recently updated answers that no screen is showing go first.
    const unused = queryCache
      .findAll({ queryKey: [REGISTRY_ROOT], type: 'inactive' })
      .filter((query) => query !== event.query)
      .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
    const excess = queryCache.findAll({ queryKey: [REGISTRY_ROOT] }).length - CACHE.memoryMaxEntries;
    for (const query of unused.slice(0, Math.max(0, excess))) queryCache.remove(query);
  });
  if (options.storage) persistQueries(client, options.storage);
  return client;
}
