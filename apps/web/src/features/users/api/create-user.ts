import { type TNewManagedUser, ZManagedUserSchema } from '@loupe/domain/users/managed-user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { usersQueryKeys } from './users-query-keys';

export async function createUser(input: TNewManagedUser) {
  return parseData(ZManagedUserSchema, await apiClient.post('users', input));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
