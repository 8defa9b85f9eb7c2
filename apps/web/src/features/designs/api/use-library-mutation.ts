import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designQueryKeys } from './design-query-keys';

/** A change to the design library: the library's folders and designs are fetched again once it settles. */
export function useLibraryMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.library }),
  });
}
