import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readersQueryKeys } from './readers-query-keys';

/** DELETE /readers/{id}: its antenna mappings go with it and its key stops working. */
export async function deleteReader(id: string): Promise<void> {
  await apiClient.delete(`readers/${encodeURIComponent(id)}`);
}

export function useDeleteReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReader,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readersQueryKeys.all }),
  });
}
