import { ZCapacityAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/capacity: load against capacity per department and station for the coming weeks, and the rush-job what-if. */
export const capacityAnalytics = analyticsEndpoint(
  'analytics/capacity',
  ZCapacityAnalyticsSchema,
  analyticsQueryKeys.capacity,
);
