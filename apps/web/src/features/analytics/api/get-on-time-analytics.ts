import { ZOnTimeAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/on-time: on-time rate by month, product type, salesperson and location; promised vs delivered; the late jobs. */
export const onTimeAnalytics = analyticsEndpoint(
  'analytics/on-time',
  ZOnTimeAnalyticsSchema,
  analyticsQueryKeys.onTime,
);
