import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';

/** A /api/v1 success answer that carries a message for the user: `{success: true, message}`. */
export const ZMessageAnswerSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string() }),
);
export type TMessageAnswer = z.infer<typeof ZMessageAnswerSchema>;

export const authMutationKeys = {
  register: ['auth', 'register'] as const,
  verifyEmail: ['auth', 'verify-email'] as const,
  resendVerification: ['auth', 'resend-verification'] as const,
  forgotPassword: ['auth', 'forgot-password'] as const,
  resetPassword: ['auth', 'reset-password'] as const,
};
