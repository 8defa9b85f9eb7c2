import type { TRole } from '@loupe/domain/auth/roles';
import { ZManagedUserSchema } from '@loupe/domain/users/managed-user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './envelope';

export type TNewUser = {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: TRole;
  readonly phone?: string;
  /** They must choose their own at first sign-in (NEW_PASSWORD_REQUIRED). */
  readonly temporaryPassword: string;
};

export async function createUser(input: TNewUser) {
  return parseData(ZManagedUserSchema, await apiClient.post('users', input));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.users }),
  });
}
