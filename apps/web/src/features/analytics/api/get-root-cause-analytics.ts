import { ZRootCauseAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/root-cause: what made late jobs late, top causes first, and the jobs behind a cause. */
export const rootCauseAnalytics = analyticsEndpoint(
  'analytics/root-cause',
  ZRootCauseAnalyticsSchema,
  analyticsQueryKeys.rootCause,
);
