import { type TRootCauseQueryInput, ZRootCauseAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/root-cause: what made late jobs late, top causes first, and the jobs behind a cause. */
export async function getRootCauseAnalytics(query: TRootCauseQueryInput, signal?: AbortSignal) {
  const body = await apiClient.get('analytics/root-cause', {
    searchParams: query,
    ...(signal ? { signal } : {}),
  });
  return parseData(ZRootCauseAnalyticsSchema, body);
}

export const rootCauseQueryOptions = (query: TRootCauseQueryInput) =>
  queryOptions({
    queryKey: analyticsQueryKeys.rootCause(query),
    queryFn: ({ signal }) => getRootCauseAnalytics(query, signal),
    // A new filter keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useRootCauseAnalytics(query: TRootCauseQueryInput) {
  return useQuery(rootCauseQueryOptions(query));
}
