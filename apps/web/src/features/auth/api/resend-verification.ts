import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TAccountEmailRequest } from '@loupe/domain/users/account-requests';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { authMutationKeys, type TMessageAnswer, ZMessageAnswerSchema } from './answers';

/** POST /auth/resend-verification (spec §7); the answer is the same whether or not the account exists. */
export async function resendVerification(input: TAccountEmailRequest): Promise<TMessageAnswer> {
  const body = await apiClient.post('/auth/resend-verification', input, {
    errorMessage: ERROR_MESSAGES.resendVerificationFailed,
  });
  return ZMessageAnswerSchema.parse(body);
}

export const resendVerificationMutationOptions = () =>
  mutationOptions({ mutationKey: authMutationKeys.resendVerification, mutationFn: resendVerification });

export function useResendVerification() {
  return useMutation(resendVerificationMutationOptions());
}
