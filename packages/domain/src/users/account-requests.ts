import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { ZPasswordSchema, ZRegistrationSchema } from './user';

// The bodies of spec §7's account routes under /api/v1/auth: the server validates them, the web sends them.

const ZAccountEmailSchema = lazySchema(() => ZRegistrationSchema.unwrap().shape.email);

/** POST /auth/verify-email: the code the server mailed. */
export const ZVerifyEmailSchema = lazySchema(() =>
  z.object({
    email: ZAccountEmailSchema,
    code: z.string().trim().min(1).max(32),
  }),
);
export type TVerifyEmailInput = z.input<typeof ZVerifyEmailSchema>;

/** POST /auth/resend-verification and /auth/forgot-password: the account's address alone. */
export const ZAccountEmailRequestSchema = lazySchema(() => z.object({ email: ZAccountEmailSchema }));
export type TAccountEmailRequest = z.input<typeof ZAccountEmailRequestSchema>;

/** POST /auth/change-password: the current password proves it is the owner. */
export const ZChangePasswordSchema = lazySchema(() =>
  z.object({
    oldPassword: z.string().min(1).max(1024),
    newPassword: ZPasswordSchema,
  }),
);
export type TChangePasswordInput = z.input<typeof ZChangePasswordSchema>;

/** POST /auth/reset-password: the token of the mailed link. */
export const ZResetPasswordSchema = lazySchema(() =>
  z.object({
    token: z.string().trim().min(1).max(512),
    newPassword: ZPasswordSchema,
  }),
);
export type TResetPasswordInput = z.input<typeof ZResetPasswordSchema>;

/**
 * PUT /auth/profile: one's own names and phone (null removes it). Unknown keys (role, email) are stripped:
 * a user cannot change their own role or address here.
 */
export const ZProfileChangesSchema = lazySchema(() =>
  z.object({
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    name: ZRegistrationSchema.unwrap().shape.name.optional(),
    phone: ZRegistrationSchema.unwrap().shape.phone.nullable(),
  }),
);
export type TProfileChanges = z.input<typeof ZProfileChangesSchema>;
