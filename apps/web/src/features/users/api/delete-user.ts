import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { usersQueryKeys } from './users-query-keys';

export async function deleteUser({ id }: { id: string }): Promise<void> {
  await apiClient.delete(`users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
