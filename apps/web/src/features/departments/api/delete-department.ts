import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

/** The server refuses a department that still holds items ("Move the 3 items … before deleting it."). */
export async function deleteDepartment({ id }: { id: string }): Promise<void> {
  await apiClient.delete(`departments/${encodeURIComponent(id)}`);
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDepartment, onSuccess: () => refreshRegistry(queryClient) });
}
