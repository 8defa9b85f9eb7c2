import { ZProductTypeAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/product-types: cycle time, rework and on-time rate per product type and metal. */
export const productTypeAnalytics = analyticsEndpoint(
  'analytics/product-types',
  ZProductTypeAnalyticsSchema,
  analyticsQueryKeys.productTypes,
);
