import { ZComparisonAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/comparison: two periods and/or two locations side by side, with the change in each figure. */
export const comparisonAnalytics = analyticsEndpoint(
  'analytics/comparison',
  ZComparisonAnalyticsSchema,
  analyticsQueryKeys.comparison,
);
