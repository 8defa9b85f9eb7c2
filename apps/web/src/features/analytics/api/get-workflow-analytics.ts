import { type TAnalyticsFilterInput, ZWorkflowAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/workflow: throughput, work in progress, time per phase and station, bottlenecks and the prediction's error. */
export async function getWorkflowAnalytics(query: TAnalyticsFilterInput, signal?: AbortSignal) {
  const body = await apiClient.get('analytics/workflow', {
    searchParams: query,
    ...(signal ? { signal } : {}),
  });
  return parseData(ZWorkflowAnalyticsSchema, body);
}

export const workflowQueryOptions = (query: TAnalyticsFilterInput) =>
  queryOptions({
    queryKey: analyticsQueryKeys.workflow(query),
    queryFn: ({ signal }) => getWorkflowAnalytics(query, signal),
    // A new filter keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useWorkflowAnalytics(query: TAnalyticsFilterInput) {
  return useQuery(workflowQueryOptions(query));
}
