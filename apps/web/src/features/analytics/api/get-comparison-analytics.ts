import {
  type TComparisonQueryInput,
  ZComparisonAnalyticsSchema,
} from '@loupe/domain/analytics/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/comparison: two periods and/or two locations side by side, with the change in each figure. */
export async function getComparisonAnalytics(query: TComparisonQueryInput, signal?: AbortSignal) {
  const body = await apiClient.get('analytics/comparison', {
    searchParams: query,
    ...(signal ? { signal } : {}),
  });
  return parseData(ZComparisonAnalyticsSchema, body);
}

export const comparisonQueryOptions = (query: TComparisonQueryInput) =>
  queryOptions({
    queryKey: analyticsQueryKeys.comparison(query),
    queryFn: ({ signal }) => getComparisonAnalytics(query, signal),
    // A new filter keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useComparisonAnalytics(query: TComparisonQueryInput) {
  return useQuery(comparisonQueryOptions(query));
}
