import { type TCreateOrderInput, ZOrderSchema } from '@loupe/domain/orders/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { ordersQueryKeys } from './query-keys';

/** POST /orders; the server gives the order its number. */
export async function createOrder(input: TCreateOrderInput) {
  return parseData(ZOrderSchema, await apiClient.post('orders', input));
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(ordersQueryKeys.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: ordersQueryKeys.lists });
    },
  });
}
