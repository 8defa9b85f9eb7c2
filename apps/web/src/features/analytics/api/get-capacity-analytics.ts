import { ZCapacityAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys, type TCapacityQuery } from './analytics-query-keys';

/** GET /analytics/capacity: load against capacity per department and station for the coming weeks, and the rush-job what-if. */
export async function getCapacityAnalytics(query: TCapacityQuery, signal?: AbortSignal) {
  const body = await apiClient.get('analytics/capacity', {
    searchParams: query,
    ...(signal ? { signal } : {}),
  });
  return parseData(ZCapacityAnalyticsSchema, body);
}

export const capacityQueryOptions = (query: TCapacityQuery) =>
  queryOptions({
    queryKey: analyticsQueryKeys.capacity(query),
    queryFn: ({ signal }) => getCapacityAnalytics(query, signal),
    // A new filter keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useCapacityAnalytics(query: TCapacityQuery) {
  return useQuery(capacityQueryOptions(query));
}
