import { ZJobLocationHistorySchema } from '@loupe/domain/tracking/location-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { ordersQueryKeys } from './query-keys';

/** GET /tracking/orders/:orderId/location-history: where the order has been, tagged or not. */
export async function getOrderLocationHistory(orderId: string, signal?: AbortSignal) {
  const body = await apiClient.get(
    `tracking/orders/${encodeURIComponent(orderId)}/location-history`,
    signal ? { signal } : {},
  );
  return parseData(ZJobLocationHistorySchema, body);
}

export const orderLocationHistoryQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ordersQueryKeys.locationHistory(orderId),
    queryFn: ({ signal }) => getOrderLocationHistory(orderId, signal),
  });

/** Asked for only while the order carries no tag: a tracked order's record already holds its timeline. */
export function useOrderLocationHistory(orderId: string, options: { readonly enabled: boolean }) {
  return useQuery({ ...orderLocationHistoryQueryOptions(orderId), enabled: options.enabled });
}
