import {
  type TComparisonQueryInput,
  ZComparisonAnalyticsSchema,
} from '@loupe/domain/analytics/analytics-api';
import { useQuery } from '@tanstack/react-query';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/comparison: two periods and/or two locations side by side, with the change in each figure. */
export const comparisonAnalytics = analyticsEndpoint(
  'analytics/comparison',
  ZComparisonAnalyticsSchema,
  analyticsQueryKeys.comparison,
);

export function useComparisonAnalytics(query: TComparisonQueryInput) {
  return useQuery(comparisonAnalytics.queryOptions(query));
}
