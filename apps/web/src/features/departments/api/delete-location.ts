import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

/** The server refuses a location that still has departments; its message says so. */
export async function deleteLocation({ id }: { id: string }): Promise<void> {
  await apiClient.delete(`locations/${encodeURIComponent(id)}`);
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLocation, onSuccess: () => refreshRegistry(queryClient) });
}
