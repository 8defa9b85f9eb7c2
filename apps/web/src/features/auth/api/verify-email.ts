import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TVerifyEmailInput } from '@loupe/domain/users/account-requests';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { authMutationKeys, type TMessageAnswer, ZMessageAnswerSchema } from './answers';

/** POST /auth/verify-email (spec §7) with the code the server mailed. */
export async function verifyEmail(input: TVerifyEmailInput): Promise<TMessageAnswer> {
  const body = await apiClient.post('/auth/verify-email', input, {
    errorMessage: ERROR_MESSAGES.verifyEmailFailed,
  });
  return ZMessageAnswerSchema.parse(body);
}

export const verifyEmailMutationOptions = () =>
  mutationOptions({ mutationKey: authMutationKeys.verifyEmail, mutationFn: verifyEmail });

export function useVerifyEmail() {
  return useMutation(verifyEmailMutationOptions());
}
