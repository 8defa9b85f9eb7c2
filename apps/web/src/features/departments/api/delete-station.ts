import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

/** The server refuses a station that still holds items; its message says how many to move. */
export async function deleteStation({ id }: { id: string }): Promise<void> {
  await apiClient.delete(`stations/${encodeURIComponent(id)}`);
}

export function useDeleteStation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteStation, onSuccess: () => refreshRegistry(queryClient) });
}
