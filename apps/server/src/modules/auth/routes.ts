import { ZRoleSchema } from '@loupe/domain/auth/roles';
import {
  ZAccountEmailRequestSchema,
  ZChangePasswordSchema,
  ZProfileChangesSchema,
  ZResetPasswordSchema,
  ZVerifyEmailSchema,
} from '@loupe/domain/users/account-requests';
import { ZRegistrationSchema } from '@loupe/domain/users/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf, requestContext } from './request-context.ts';
import type { TAuthService } from './service.ts';
import { AUTH_MESSAGES } from './service.ts';

export const ZAccountProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRoleSchema,
  phone: z.string().optional(),
  name: z.string(),
  emailVerified: z.boolean(),
  /** Issue 39: where they work (their lists start filtered to it); null: every location. */
  homeLocationId: z.string().nullable(),
});

/** The auth API of spec §7 under /api/v1/auth; the rules live in service.ts. */
export type TAuthRoutesOptions = {
  readonly auth: TAuthService;
  /** SIGN_IN_LIMIT_PER_IP_PER_MINUTE: the public routes' per-IP budget. */
  readonly signInLimitPerIpPerMinute: number;
};

export async function registerAuthRoutes(instance: FastifyInstance, options: TAuthRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { auth } = options;

  // Public routes can be hammered anonymously: the same per-IP budget as the identity endpoint.
  const publicLimit = { max: options.signInLimitPerIpPerMinute, timeWindow: '1 minute' };

  app.post(
    '/api/v1/auth/register',
    apiRoute(
      'public',
      {
        tags: ['auth'],
        summary:
          'Create an account (the first one becomes admin; later ones only while self-registration is open)',
        body: ZRegistrationSchema,
        response: { 201: resultWithData(ZAccountProfileSchema) },
      },
      { rateLimit: publicLimit },
    ),
    async (request, reply) => {
      const profile = await auth.register(request.body, requestContext(request));
      return reply
        .status(201)
        .send(
          ok(profile, profile.emailVerified ? AUTH_MESSAGES.registeredFirstAdmin : AUTH_MESSAGES.registered),
        );
    },
  );

  app.post(
    '/api/v1/auth/verify-email',
    apiRoute(
      'public',
      {
        tags: ['auth'],
        summary: 'Verify an e-mail address with the code sent to it',
        body: ZVerifyEmailSchema,
        response: { 200: ZMessageResultSchema },
      },
      { rateLimit: publicLimit },
    ),
    async (request) => {
      await auth.verifyEmail(request.body, requestContext(request));
      return { success: true as const, message: AUTH_MESSAGES.emailVerified };
    },
  );

  app.post(
    '/api/v1/auth/resend-verification',
    apiRoute(
      'public',
      {
        tags: ['auth'],
        summary: 'Send a new verification code (same answer whether or not the account exists)',
        body: ZAccountEmailRequestSchema,
        response: { 200: ZMessageResultSchema },
      },
      { rateLimit: publicLimit },
    ),
    async (request) => {
      await auth.resendVerification(request.body);
      return { success: true as const, message: AUTH_MESSAGES.verificationResent };
    },
  );

  app.get(
    '/api/v1/auth/profile',
    // Unverified callers get through access control so that the service answers the spec's EMAIL_NOT_VERIFIED.
    apiRoute('signed-in-unverified', {
      tags: ['auth'],
      summary: 'The signed-in user’s profile',
      response: { 200: resultWithData(ZAccountProfileSchema) },
    }),
    async (request) => ok(await auth.profile(currentUserOf(request))),
  );

  app.put(
    '/api/v1/auth/profile',
    apiRoute('signed-in', {
      tags: ['auth'],
      summary: 'Change one’s names and phone (not the role, not the e-mail address)',
      body: ZProfileChangesSchema,
      response: { 200: resultWithData(ZAccountProfileSchema) },
    }),
    async (request) => {
      const profile = await auth.updateProfile(currentUserOf(request), request.body, requestContext(request));
      return ok(profile, AUTH_MESSAGES.profileUpdated);
    },
  );

  app.post(
    '/api/v1/auth/change-password',
    apiRoute(
      'signed-in',
      {
        tags: ['auth'],
        summary: 'Change one’s password; other sessions are signed out',
        body: ZChangePasswordSchema,
        response: { 200: ZMessageResultSchema },
      },
      { rateLimit: publicLimit },
    ),
    async (request) => {
      await auth.changePassword(currentUserOf(request), request.body, requestContext(request));
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    apiRoute(
      'public',
      {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: ZAccountEmailRequestSchema,
        response: { 200: ZMessageResultSchema },
      },
      { rateLimit: publicLimit },
    ),
    async (request) => {
      await auth.forgotPassword(request.body);
      return { success: true as const, message: AUTH_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    apiRoute(
      'public',
      {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; every session is signed out',
        body: ZResetPasswordSchema,
        response: { 200: ZMessageResultSchema },
      },
      { rateLimit: publicLimit },
    ),
    async (request) => {
      await auth.resetPassword(request.body, requestContext(request));
      return { success: true as const, message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    apiRoute('signed-in-unverified', {
      tags: ['auth'],
      summary: 'End the session the request was made with',
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await auth.logout(currentUserOf(request), requestContext(request));
      return { success: true as const, message: AUTH_MESSAGES.signedOut };
    },
  );
}
