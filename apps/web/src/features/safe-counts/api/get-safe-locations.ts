import { type TSafeLocation, ZSafeLocationSchema } from '@loupe/domain/safe-counts/safe-counts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { safeCountsQueryKeys } from './safe-counts-query-keys';

/** GET /safe-counts/locations: every location, its safe, its stations and its running count. */
export async function getSafeLocations(): Promise<TSafeLocation[]> {
  return parseData(ZSafeLocationSchema.array(), await apiClient.get('safe-counts/locations'));
}

export const safeLocationsQueryOptions = () =>
  queryOptions({ queryKey: safeCountsQueryKeys.locations, queryFn: getSafeLocations });

export function useSafeLocations() {
  return useQuery(safeLocationsQueryOptions());
}
