import { type TUpdateOrderInput, ZOrderSchema } from '@loupe/domain/orders/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { ordersQueryKeys } from './query-keys';

/** PATCH /orders/:id with only the fields that changed (the history records exactly those). */
export async function updateOrder({ orderId, changes }: { orderId: string; changes: TUpdateOrderInput }) {
  return parseData(ZOrderSchema, await apiClient.patch(`orders/${encodeURIComponent(orderId)}`, changes));
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(ordersQueryKeys.detail(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKeys.lists }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKeys.history(order.id) }),
      ]);
    },
  });
}
