import { ZStationScreenSchema } from '@loupe/domain/tv/tv-displays';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { tvQueryKeys } from './tv-query-keys';

/** GET /stations/{id}/screen: a station's TV screen for signed-in staff. */
export async function getStationScreen(stationId: string, signal?: AbortSignal) {
  return parseData(
    ZStationScreenSchema,
    await apiClient.get(`stations/${encodeURIComponent(stationId)}/screen`, signal ? { signal } : {}),
  );
}

export const stationScreenQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: tvQueryKeys.staffScreen(stationId),
    queryFn: ({ signal }) => getStationScreen(stationId, signal),
  });

/** The staff TV keeps it fresh (`refetchInterval`, `retryDelay`); the settings preview reads it once. */
export function useStationScreen(
  stationId: string,
  options: {
    readonly enabled?: boolean;
    readonly refetchInterval?: number;
    readonly retryDelay?: number;
  } = {},
) {
  return useQuery({ ...stationScreenQueryOptions(stationId), ...options });
}
