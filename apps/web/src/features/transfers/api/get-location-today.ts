import { ZLocationTodaySchema } from '@loupe/domain/transfers/transfers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { transfersQueryKeys } from './transfers-query-keys';

/** GET /locations/{id}/today: the bags coming in and going out, and the jobs ready for pickup there. */
export async function getLocationToday(locationId: string) {
  return parseData(
    ZLocationTodaySchema,
    await apiClient.get(`locations/${encodeURIComponent(locationId)}/today`),
  );
}

export const locationTodayQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: transfersQueryKeys.locationToday(locationId),
    queryFn: () => getLocationToday(locationId),
  });

export function useLocationToday(locationId: string) {
  return useQuery(locationTodayQueryOptions(locationId));
}
