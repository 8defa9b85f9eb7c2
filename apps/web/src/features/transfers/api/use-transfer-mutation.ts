import type { TTransferDetail } from '@loupe/domain/transfers/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transfersQueryKeys } from './transfers-query-keys';

/**
 * A change to a bag: the server answers with the bag as it now is, which replaces the cached one at once; the
 * lists and the location views refetch after.
 */
export function useTransferMutation<TInput>(mutationFn: (input: TInput) => Promise<TTransferDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (transfer) => queryClient.setQueryData(transfersQueryKeys.one(transfer.id), transfer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transfersQueryKeys.all }),
  });
}
