import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TResetPasswordInput } from '@loupe/domain/users/account-requests';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { authMutationKeys, type TMessageAnswer, ZMessageAnswerSchema } from './answers';

/** POST /auth/reset-password (spec §7) with the token of the mailed link; every session is signed out. */
export async function resetPassword(input: TResetPasswordInput): Promise<TMessageAnswer> {
  const body = await apiClient.post('/auth/reset-password', input, {
    errorMessage: ERROR_MESSAGES.resetPasswordFailed,
  });
  return ZMessageAnswerSchema.parse(body);
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: authMutationKeys.resetPassword, mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
