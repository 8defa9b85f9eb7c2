import { ZStationWorkSchema } from '@loupe/domain/workflow/work-time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workTimeQueryKeys } from './work-time-query-keys';

/** GET /work-time/stations/{id}: the pieces at a station, my step on each, and who works on it now. */
export async function getStationWork(stationId: string, signal?: AbortSignal) {
  const body = await apiClient.get(
    `work-time/stations/${encodeURIComponent(stationId)}`,
    signal ? { signal } : {},
  );
  return parseData(ZStationWorkSchema, body);
}

export const stationWorkQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: workTimeQueryKeys.station(stationId),
    queryFn: ({ signal }) => getStationWork(stationId, signal),
  });

export function useStationWork(stationId: string) {
  return useQuery(stationWorkQueryOptions(stationId));
}
