import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation whose answer is the stored value: on success it replaces the cached query, so the
 * screen shows what the server kept without fetching it again.
 */
export function useSaveMutation<TInput, TSaved>({
  mutationFn,
  queryKey,
}: {
  mutationFn: (input: TInput) => Promise<TSaved>;
  queryKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
