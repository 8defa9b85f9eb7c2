import {
  type TAnalyticsFilterInput,
  ZProductTypeAnalyticsSchema,
} from '@loupe/domain/analytics/analytics-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/product-types: cycle time, rework and on-time rate per product type and metal. */
export async function getProductTypeAnalytics(query: TAnalyticsFilterInput, signal?: AbortSignal) {
  const body = await apiClient.get('analytics/product-types', {
    searchParams: query,
    ...(signal ? { signal } : {}),
  });
  return parseData(ZProductTypeAnalyticsSchema, body);
}

export const productTypesQueryOptions = (query: TAnalyticsFilterInput) =>
  queryOptions({
    queryKey: analyticsQueryKeys.productTypes(query),
    queryFn: ({ signal }) => getProductTypeAnalytics(query, signal),
    // A new filter keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useProductTypesAnalytics(query: TAnalyticsFilterInput) {
  return useQuery(productTypesQueryOptions(query));
}
