import {
  type TTransitAnalytics,
  type TTransitQueryInput,
  ZTransitAnalyticsSchema,
} from '@loupe/domain/analytics/transit';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/transit: bags between locations per route and carrier, their hours on the way, by day. */
export const transitAnalytics = analyticsEndpoint<TTransitQueryInput, TTransitAnalytics>(
  'analytics/transit',
  ZTransitAnalyticsSchema,
  analyticsQueryKeys.transit,
);
