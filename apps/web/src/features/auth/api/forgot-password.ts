import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TAccountEmailRequest } from '@loupe/domain/users/account-requests';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { authMutationKeys, type TMessageAnswer, ZMessageAnswerSchema } from './answers';

/** POST /auth/forgot-password (spec §7): mails a reset link; the same answer whether or not the account exists. */
export async function forgotPassword(input: TAccountEmailRequest): Promise<TMessageAnswer> {
  const body = await apiClient.post('/auth/forgot-password', input, {
    errorMessage: ERROR_MESSAGES.requestPasswordResetFailed,
  });
  return ZMessageAnswerSchema.parse(body);
}

export const forgotPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: authMutationKeys.forgotPassword, mutationFn: forgotPassword });

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}
