import { ZLocationSchema } from '@loupe/domain/registry/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { transfersQueryKeys } from './transfers-query-keys';

/** GET /locations/{id}: the location the view is about. */
export async function getLocation(locationId: string) {
  return parseData(ZLocationSchema, await apiClient.get(`locations/${encodeURIComponent(locationId)}`));
}

export const locationQueryOptions = (locationId: string) =>
  queryOptions({ queryKey: transfersQueryKeys.location(locationId), queryFn: () => getLocation(locationId) });

export function useViewedLocation(locationId: string) {
  return useQuery(locationQueryOptions(locationId));
}
