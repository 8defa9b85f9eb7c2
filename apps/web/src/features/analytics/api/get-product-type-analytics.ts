import {
  type TAnalyticsFilterInput,
  ZProductTypeAnalyticsSchema,
} from '@loupe/domain/analytics/analytics-api';
import { useQuery } from '@tanstack/react-query';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/product-types: cycle time, rework and on-time rate per product type and metal. */
export const productTypeAnalytics = analyticsEndpoint(
  'analytics/product-types',
  ZProductTypeAnalyticsSchema,
  analyticsQueryKeys.productTypes,
);

export function useProductTypesAnalytics(query: TAnalyticsFilterInput) {
  return useQuery(productTypeAnalytics.queryOptions(query));
}
