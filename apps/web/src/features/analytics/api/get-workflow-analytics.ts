import { type TAnalyticsFilterInput, ZWorkflowAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { useQuery } from '@tanstack/react-query';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/workflow: throughput, work in progress, time per phase and station, bottlenecks and the prediction's error. */
export const workflowAnalytics = analyticsEndpoint(
  'analytics/workflow',
  ZWorkflowAnalyticsSchema,
  analyticsQueryKeys.workflow,
);

export function useWorkflowAnalytics(query: TAnalyticsFilterInput) {
  return useQuery(workflowAnalytics.queryOptions(query));
}
