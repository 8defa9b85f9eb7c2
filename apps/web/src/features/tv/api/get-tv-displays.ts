import { ZTvDisplaySchema } from '@loupe/domain/tv/tv-displays';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { tvQueryKeys } from './tv-query-keys';

/** How often the list looks again, so that a TV that went dark shows offline without a reload. */
const ONLINE_REFRESH_MS = 30_000;

/** GET /tv-displays: the paired station TVs with their station, online state and last seen. */
export async function getTvDisplays(signal?: AbortSignal) {
  return parseData(z.array(ZTvDisplaySchema), await apiClient.get('tv-displays', signal ? { signal } : {}));
}

export function useTvDisplays() {
  return useQuery({
    queryKey: tvQueryKeys.displays,
    queryFn: ({ signal }) => getTvDisplays(signal),
    refetchInterval: ONLINE_REFRESH_MS,
  });
}
