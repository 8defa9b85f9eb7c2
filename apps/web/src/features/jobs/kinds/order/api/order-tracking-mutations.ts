import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { ordersQueryKeys } from './query-keys';

/** Every tracking change moves the order's row, its detail, its timeline and its history. */
function useInvalidateTracking() {
  const queryClient = useQueryClient();
  return (orderId: string, { everyOrder = false }: { everyOrder?: boolean } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ordersQueryKeys.lists }),
      // An EPC moved from another order changes that order too.
      queryClient.invalidateQueries({
        queryKey: everyOrder ? ordersQueryKeys.details : ordersQueryKeys.detail(orderId),
      }),
      queryClient.invalidateQueries({
        queryKey: everyOrder ? ordersQueryKeys.trackings : ordersQueryKeys.tracking(orderId),
      }),
      queryClient.invalidateQueries({ queryKey: ordersQueryKeys.history(orderId) }),
    ]);
}

export type TAssignOrderEpcInput = { orderId: string; epcCode: string; orderNumber: string };

/** POST /tracking/assign-epc (spec §7): starts tracking; an EPC on another item is taken off it first. */
export async function assignOrderEpc(input: TAssignOrderEpcInput) {
  return parseSuccess(await apiClient.post('tracking/assign-epc', input));
}

export function useAssignOrderEpc() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: assignOrderEpc,
    onSuccess: (_message, input) => invalidate(input.orderId, { everyOrder: true }),
  });
}

/** POST /tracking/orders/:orderId/expected-offsite (spec §7). */
export async function setOrderExpectedOffsite({
  orderId,
  expectedOffsite,
}: {
  orderId: string;
  expectedOffsite: boolean;
}) {
  return parseSuccess(
    await apiClient.post(`tracking/orders/${encodeURIComponent(orderId)}/expected-offsite`, {
      expectedOffsite,
    }),
  );
}

export function useSetOrderExpectedOffsite() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: setOrderExpectedOffsite,
    onSuccess: (_message, input) => invalidate(input.orderId),
  });
}

/** DELETE /tracking/orders/:orderId (spec §7): stops tracking; the timeline stays in the history. */
export async function stopOrderTracking({ orderId }: { orderId: string }) {
  return parseSuccess(await apiClient.delete(`tracking/orders/${encodeURIComponent(orderId)}`));
}

export function useStopOrderTracking() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: stopOrderTracking,
    onSuccess: (_message, input) => invalidate(input.orderId),
  });
}

/** POST /tracking/orders/:orderId/return: an offsite order is back. */
export async function returnOrderFromOffsite({ orderId }: { orderId: string }) {
  return parseSuccess(await apiClient.post(`tracking/orders/${encodeURIComponent(orderId)}/return`));
}

export function useReturnOrderFromOffsite() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: returnOrderFromOffsite,
    onSuccess: (_message, input) => invalidate(input.orderId),
  });
}
