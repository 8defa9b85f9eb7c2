import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import { ZTrackedOrderResponseSchema } from '@loupe/domain/tracking/tracking-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { isApiError } from '@/lib/api-error';
import { ordersQueryKeys } from './query-keys';

/** GET /tracking/orders/:orderId in the backend tracking shape; null when the order is not tracked (404). */
export async function getOrderTracking(orderId: string, signal?: AbortSignal) {
  try {
    const body = await apiClient.get(
      `tracking/orders/${encodeURIComponent(orderId)}`,
      signal ? { signal } : {},
    );
    return parseData(ZTrackedOrderResponseSchema, body);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const orderTrackingQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ordersQueryKeys.tracking(orderId),
    queryFn: ({ signal }) => getOrderTracking(orderId, signal),
    // Spec §7: tracking is re-read every 30 s while on screen.
    refetchInterval: TRACKING_SYNC_INTERVAL_MS,
  });

export function useOrderTracking(orderId: string) {
  return useQuery(orderTrackingQueryOptions(orderId));
}
