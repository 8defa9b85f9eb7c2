import { TV_REFRESH_MS, ZStationScreenSchema } from '@loupe/domain/tv/tv-displays';
import { useQuery } from '@tanstack/react-query';
import { parseData } from '@/lib/api-envelope';
import { tvApiClient } from './tv-api-client';
import { tvQueryKeys } from './tv-query-keys';

/** GET /tv/screen: the paired TV's own station screen. */
export async function getTvScreen(signal?: AbortSignal) {
  return parseData(ZStationScreenSchema, await tvApiClient.get('tv/screen', signal ? { signal } : {}));
}

/** The paired TV's screen, refreshed every TV_REFRESH_MS; the TV decides how it retries. */
export function useTvScreen({
  retry,
  retryDelay,
}: {
  readonly retry: (failureCount: number, error: unknown) => boolean;
  readonly retryDelay: number;
}) {
  return useQuery({
    queryKey: tvQueryKeys.deviceScreen,
    queryFn: ({ signal }) => getTvScreen(signal),
    refetchInterval: TV_REFRESH_MS,
    retry,
    retryDelay,
  });
}
