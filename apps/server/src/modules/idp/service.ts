import type { TSecuritySettings } from '@loupe/domain/settings/security-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TSessionsRepository } from '../sessions/repository.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../users/password.ts';
import type { TUsersRepository } from '../users/repository.ts';
import { createChallengeSessions } from './challenge-sessions.ts';
import { createDeviceTokens } from './device-tokens.ts';
import { assertClientId, IdpError, incorrectCredentials, invalidSession } from './idp-error.ts';
import type { TMfa } from './mfa.ts';
import { createSecondFactorChallenges } from './second-factor-challenges.ts';
import { createSignInCompletion, type TDeviceEvidence, type TSignInOutcome } from './sign-in-completion.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { TSigningKey } from './signing-keys.ts';
import type { TTokenIssuer } from './token-issuer.ts';
import { createTokenSessions, type TRequestContext } from './token-sessions.ts';
import type { TTokenVerifier } from './token-verifier.ts';

export type TIdentityServiceOptions = {
  readonly clientId: string;
  readonly users: TUsersRepository;
  readonly sessions: TSessionsRepository;
  readonly audit: TAuditRepository;
  readonly issuer: TTokenIssuer;
  readonly verifier: TTokenVerifier;
  readonly key: TSigningKey;
  readonly securitySettings: () => Promise<TSecuritySettings>;
  readonly clock: TClock;
  /** Tells an account's owner when sign-in attempts on it start being slowed down. */
  readonly mailer: TMailer;
  readonly companyName: string;
  readonly mfa: TMfa;
  /** The region part of device keys (Cognito's `us-east-1_…`). */
  readonly region: string;
  readonly logger?: Pick<FastifyBaseLogger, 'error'> | undefined;
};

/**
 * The embedded user pool's rules; routes.ts only maps the Cognito wire protocol onto them. The password
 * steps are here; challenge sessions, the second factor, how a sign-in ends and the tokens' sessions each
 * have their own file.
 */
export function createIdentityService(options: TIdentityServiceOptions) {
  const { users, clock } = options;
  const devices = createDeviceTokens({ key: options.key, clock });
  const throttle = createSignInThrottle({
    audit: options.audit,
    mailer: options.mailer,
    clock,
    companyName: options.companyName,
    logger: options.logger,
  });
  const tokens = createTokenSessions(options);
  const challenges = createChallengeSessions(options);
  const completion = createSignInCompletion({ ...options, devices, tokens, challenges });
  const secondFactor = createSecondFactorChallenges({
    ...options,
    devices,
    throttle,
    challenges,
    completion,
  });
  const assertClient = (clientId: unknown) => assertClientId(clientId, options.clientId);

  return {
    assertClient,

    /**
     * USER_PASSWORD_AUTH. Wrong passwords slow down further attempts per account and source, while a browser
     * that signed in to the account before (`deviceToken`, the cookie the route reads for that account) is
     * held only to its own count (issue 20 §2, sign-in-throttle.ts).
     */
    async signIn(
      input: {
        email: string;
        password: string;
        clientId: unknown;
        deviceToken?: (userId: string) => string | undefined;
        /** Cognito's DEVICE_KEY auth parameter: a device confirmed by ConfirmDevice. */
        deviceKey?: string | undefined;
      },
      context: TRequestContext,
    ): Promise<TSignInOutcome> {
      assertClient(input.clientId);
      const email = input.email.trim().toLowerCase();
      const user = await users.findByEmail(email);
      const deviceId = user ? await devices.verify(input.deviceToken?.(user.id), user.id) : null;
      const attempt = { email, user, ip: context.ip, deviceId, correlationId: context.correlationId };
      await throttle.check(attempt);
      const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !passwordMatches) {
        await throttle.recordFailure(attempt);
        throw incorrectCredentials();
      }
      if (user.disabled) throw new IdpError('NotAuthorizedException', 'User is disabled.');
      // Cognito's answer for an account whose e-mail is not confirmed yet (spec §8: next step confirm sign up).
      if (!user.emailVerified) throw new IdpError('UserNotConfirmedException', 'User is not confirmed.');
      if (user.mustChangePassword) {
        return challenges.challenge(
          user,
          { challenge: 'NEW_PASSWORD_REQUIRED' },
          { requiredAttributes: '[]', userAttributes: JSON.stringify({ email: user.email }) },
        );
      }
      return completion.afterPassword(user, context, { deviceId, deviceKey: input.deviceKey });
    },

    async respondToNewPasswordChallenge(
      input: {
        session: string;
        clientId: unknown;
        newPassword: string;
        name?: string;
      } & TDeviceEvidence,
      context: TRequestContext,
    ): Promise<TSignInOutcome> {
      assertClient(input.clientId);
      const { user } = await challenges.read(input.session, ['NEW_PASSWORD_REQUIRED']);
      if (!user.mustChangePassword) throw invalidSession();
      try {
        assertAcceptablePassword(input.newPassword, user.email);
      } catch (error) {
        throw new IdpError(
          'InvalidPasswordException',
          `Password does not conform to policy: ${(error as Error).message}`,
        );
      }
      // Spec §4: the client confirms with the same password it signed in with, so that is accepted as new.
      // The `name` attribute fills the display name only when the admin gave no first/last name.
      const keepsName = user.firstName !== '' || user.lastName !== '';
      const updated = await users.update(user.id, {
        passwordHash: await hashPassword(input.newPassword),
        mustChangePassword: false,
        ...(input.name && !keepsName ? { name: input.name } : {}),
      });
      return completion.afterPassword(updated ?? user, context, {
        deviceId: null,
        deviceKey: input.deviceKey,
      });
    },

    ...secondFactor,
    refresh: tokens.refresh,
    revokeRefreshToken: tokens.revokeRefreshToken,
    userFromAccessToken: tokens.userFromAccessToken,
    globalSignOut: tokens.globalSignOut,
  };
}

export type TIdentityService = ReturnType<typeof createIdentityService>;
