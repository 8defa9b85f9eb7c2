import { listPageSchema } from '@loupe/domain/api/list';
import { ZLocationSchema } from '@loupe/domain/registry/locations';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { registryQueryKeys } from './registry-query-keys';

/** A workshop has a handful of sites: one page of the server's largest size holds them all. */
export const LOCATIONS_PAGE_SIZE = 200;

// Loose: fields a newer server adds (a location's kind, issue 39) reach the screens that read them.
const ZLocationsPageSchema = lazySchema(() => listPageSchema(ZLocationSchema.unwrap().loose()));

export async function getLocations() {
  const body = await apiClient.get('locations', { searchParams: { limit: LOCATIONS_PAGE_SIZE } });
  return parseData(ZLocationsPageSchema, body);
}

export const locationsQueryOptions = () =>
  queryOptions({ queryKey: registryQueryKeys.locations, queryFn: getLocations });

export function useLocations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...locationsQueryOptions(), enabled: options.enabled ?? true });
}
