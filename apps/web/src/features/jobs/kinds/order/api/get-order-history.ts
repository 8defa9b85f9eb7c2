import { listPageSchema } from '@loupe/domain/api/list';
import { ZItemChangeSchema } from '@loupe/domain/history/item-change';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { ordersQueryKeys } from './query-keys';

export const ORDER_HISTORY_PAGE_SIZE = 50;

const ZHistoryPageSchema = listPageSchema(ZItemChangeSchema);

/** GET /orders/:id/history: who changed what and when, newest first. */
export async function getOrderHistory(orderId: string, cursor: string | undefined, signal?: AbortSignal) {
  const body = await apiClient.get(`orders/${encodeURIComponent(orderId)}/history`, {
    searchParams: { limit: ORDER_HISTORY_PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZHistoryPageSchema, body);
}

export const orderHistoryQueryOptions = (orderId: string) =>
  infiniteQueryOptions({
    queryKey: ordersQueryKeys.history(orderId),
    queryFn: ({ pageParam, signal }) => getOrderHistory(orderId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useOrderHistory(orderId: string) {
  return useInfiniteQuery(orderHistoryQueryOptions(orderId));
}
