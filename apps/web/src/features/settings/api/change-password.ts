import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TChangePasswordInput } from '@loupe/domain/users/account-requests';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/change-password (spec §7); the server ends the user's other sessions. */
export async function changePassword(input: TChangePasswordInput): Promise<void> {
  await apiClient.post('auth/change-password', input, { errorMessage: ERROR_MESSAGES.changePasswordFailed });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
