import { ZLocationSchema } from '@loupe/domain/registry/locations';
import { ZLocationKindSchema } from '@loupe/domain/transfers/transfers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { transfersQueryKeys } from './transfers-query-keys';

/** A location as the location view reads it: its kind when the server says it (issue 39 §3 adds it). */
export const ZViewedLocationSchema = ZLocationSchema.extend({ kind: ZLocationKindSchema.optional() });

/** GET /locations/{id}: the location the view is about. */
export async function getLocation(locationId: string) {
  return parseData(ZViewedLocationSchema, await apiClient.get(`locations/${encodeURIComponent(locationId)}`));
}

export const locationQueryOptions = (locationId: string) =>
  queryOptions({ queryKey: transfersQueryKeys.location(locationId), queryFn: () => getLocation(locationId) });

export function useViewedLocation(locationId: string) {
  return useQuery(locationQueryOptions(locationId));
}
