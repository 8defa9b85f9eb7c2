import { type TAnalyticsFilterInput, ZOnTimeAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/on-time: on-time rate by month, product type, salesperson and location; promised vs delivered; the late jobs. */
export async function getOnTimeAnalytics(query: TAnalyticsFilterInput, signal?: AbortSignal) {
  const body = await apiClient.get('analytics/on-time', {
    searchParams: query,
    ...(signal ? { signal } : {}),
  });
  return parseData(ZOnTimeAnalyticsSchema, body);
}

export const onTimeQueryOptions = (query: TAnalyticsFilterInput) =>
  queryOptions({
    queryKey: analyticsQueryKeys.onTime(query),
    queryFn: ({ signal }) => getOnTimeAnalytics(query, signal),
    // A new filter keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useOnTimeAnalytics(query: TAnalyticsFilterInput) {
  return useQuery(onTimeQueryOptions(query));
}
