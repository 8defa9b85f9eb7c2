import { type TManagedUserChanges, ZManagedUserSchema } from '@loupe/domain/users/managed-user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { usersQueryKeys } from './users-query-keys';

export async function updateUser({ id, changes }: { id: string; changes: TManagedUserChanges }) {
  return parseData(ZManagedUserSchema, await apiClient.patch(`users/${encodeURIComponent(id)}`, changes));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
