import { ZOrderSchema } from '@loupe/domain/orders/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { ordersQueryKeys } from './query-keys';

export async function getOrder(orderId: string, signal?: AbortSignal) {
  const body = await apiClient.get(`orders/${encodeURIComponent(orderId)}`, signal ? { signal } : {});
  return parseData(ZOrderSchema, body);
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ordersQueryKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
