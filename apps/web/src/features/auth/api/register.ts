import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TRegistration } from '@loupe/domain/users/user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { ZAccountProfileSchema } from '@/lib/auth/current-user';
import { authMutationKeys } from './answers';

const ZRegisterAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: ZAccountProfileSchema,
  }),
);
export type TRegisterAnswer = z.output<typeof ZRegisterAnswerSchema>;

/** POST /auth/register (spec §7): the account waits for its e-mail address to be verified. */
export async function register(input: TRegistration): Promise<TRegisterAnswer> {
  const body = await apiClient.post('/auth/register', input, {
    errorMessage: ERROR_MESSAGES.registrationFailed,
  });
  return ZRegisterAnswerSchema.parse(body);
}

export const registerMutationOptions = () =>
  mutationOptions({ mutationKey: authMutationKeys.register, mutationFn: register });

export function useRegister() {
  return useMutation(registerMutationOptions());
}
