import { isMfaType, MFA_MAX_ATTEMPTS, type TMfaType } from '@loupe/domain/auth/mfa';
import type { TClock } from '../../lib/clock.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TUserRow } from '../users/repository.ts';
import {
  CHALLENGE_LIFETIME_SECONDS,
  type TChallengeName,
  type TChallengeSessions,
} from './challenge-sessions.ts';
import type { TDeviceTokens } from './device-tokens.ts';
import { assertClientId, IdpError, invalidParameter, invalidSession } from './idp-error.ts';
import type { TMfa } from './mfa.ts';
import type { TDeviceEvidence, TSignInCompletion, TSignInOutcome } from './sign-in-completion.ts';
import type { TSignInAttempt, TSignInThrottle } from './sign-in-throttle.ts';
import type { TRequestContext } from './token-sessions.ts';

const codeMismatch = () => new IdpError('CodeMismatchException', 'Invalid code received for user');

/**
 * The second factor during sign-in: answering a code (authenticator or e-mail), choosing the factor, and
 * setting one up (MFA_SETUP) where the role requires it. Wrong codes are counted like wrong passwords.
 */
export function createSecondFactorChallenges(options: {
  readonly clientId: string;
  readonly clock: TClock;
  readonly audit: TAuditRepository;
  readonly mfa: TMfa;
  readonly devices: TDeviceTokens;
  readonly throttle: TSignInThrottle;
  readonly challenges: TChallengeSessions;
  readonly completion: TSignInCompletion;
}) {
  const { clock, audit, mfa, devices, throttle, challenges, completion } = options;

  /**
   * A wrong code: counted against the sign-in throttle (growing delays, as wrong passwords) and against the
   * challenge, which ends after MFA_MAX_ATTEMPTS.
   */
  async function recordWrongCode(
    attempt: TSignInAttempt,
    challengeId: string,
    method: string,
    context: TRequestContext,
  ): Promise<never> {
    await audit.record({
      action: 'auth.mfa_failed',
      at: clock(),
      subject: challengeId,
      actorId: attempt.user?.id ?? null,
      ...context,
      details: { method },
    });
    await throttle.recordFailure(attempt);
    throw codeMismatch();
  }

  async function assertAttemptsLeft(challengeId: string, attempt: TSignInAttempt): Promise<void> {
    // A spent challenge is final: the sign-in starts again with the password.
    const since = new Date(clock().getTime() - CHALLENGE_LIFETIME_SECONDS * 1000);
    const { count } = await audit.tally('auth.mfa_failed', challengeId, since);
    if (count >= MFA_MAX_ATTEMPTS) throw invalidSession();
    await throttle.check(attempt);
  }

  async function enableFactor(user: TUserRow, type: TMfaType, context: TRequestContext): Promise<void> {
    const current = await mfa.state(user.id);
    await mfa.save(user.id, {
      ...(type === 'SOFTWARE_TOKEN_MFA' ? { totpEnabled: true } : { emailEnabled: true }),
      ...(current.preferred ? {} : { preferred: type }),
    });
    await audit.record({
      action: 'auth.mfa_enabled',
      at: clock(),
      actorId: user.id,
      subject: user.id,
      ...context,
      details: { method: type, during: 'sign-in' },
    });
  }

  return {
    /**
     * RespondToAuthChallenge for the second factor: SOFTWARE_TOKEN_MFA, EMAIL_OTP, SELECT_MFA_TYPE and
     * MFA_SETUP (after VerifySoftwareToken, or with the EMAIL to send codes to).
     * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_RespondToAuthChallenge.html
     */
    async respondToMfaChallenge(
      input: {
        name: Exclude<TChallengeName, 'NEW_PASSWORD_REQUIRED'>;
        session: string;
        clientId: unknown;
        responses: Readonly<Record<string, string>>;
      } & TDeviceEvidence,
      context: TRequestContext,
    ): Promise<TSignInOutcome> {
      assertClientId(input.clientId, options.clientId);
      const { user, claims, id } = await challenges.read(input.session, [input.name]);
      const deviceId = await devices.verify(input.deviceToken?.(user.id), user.id);
      const attempt: TSignInAttempt = {
        email: user.email,
        user,
        ip: context.ip,
        deviceId,
        correlationId: context.correlationId,
      };
      const offerDevice = !(await completion.rememberedDevice(user, input.deviceKey));
      switch (input.name) {
        case 'SOFTWARE_TOKEN_MFA': {
          const code = requiredResponse(input.responses, 'SOFTWARE_TOKEN_MFA_CODE');
          await assertAttemptsLeft(id, attempt);
          if (!(await mfa.checkTotp(user.id, code))) return recordWrongCode(attempt, id, input.name, context);
          return completion.finish(user, context, deviceId, { offerDevice });
        }
        case 'EMAIL_OTP': {
          const code = requiredResponse(input.responses, 'EMAIL_OTP_CODE');
          await assertAttemptsLeft(id, attempt);
          if (!(await mfa.checkEmailCode(user.id, code)))
            return recordWrongCode(attempt, id, input.name, context);
          if (claims.setup) await enableFactor(user, 'EMAIL_OTP', context);
          return completion.finish(user, context, deviceId, { offerDevice });
        }
        case 'SELECT_MFA_TYPE': {
          const answer = requiredResponse(input.responses, 'ANSWER');
          const types = await mfa.enabledTypes(user.id);
          if (!isMfaType(answer) || !types.includes(answer)) {
            throw invalidParameter(`${isMfaType(answer) ? answer : 'This'} is not enabled for the user.`);
          }
          return challenges.factor(user, answer);
        }
        case 'MFA_SETUP': {
          const email = input.responses.EMAIL?.trim().toLowerCase();
          if (email !== undefined && email !== '') {
            // E-mail codes go to the verified address the account signs in with, nowhere else.
            if (email !== user.email) throw invalidParameter('EMAIL must be the address of the account.');
            return challenges.factor(user, 'EMAIL_OTP', true);
          }
          if (!claims.verified) {
            throw invalidParameter('Verify a software token (VerifySoftwareToken) or give an EMAIL first.');
          }
          await enableFactor(user, 'SOFTWARE_TOKEN_MFA', context);
          return completion.finish(user, context, deviceId, { offerDevice });
        }
        default: {
          const exhaustive: never = input.name;
          throw invalidParameter(`${String(exhaustive)} challenge is not supported by this user pool.`);
        }
      }
    },

    /** AssociateSoftwareToken within MFA_SETUP: the seed, and the session to verify it with. */
    async associateDuringSignIn(session: string): Promise<{ secret: string; session: string }> {
      const { user } = await challenges.read(session, ['MFA_SETUP']);
      const secret = await mfa.associate(user.id);
      return { secret, session: await challenges.sign(user, { challenge: 'MFA_SETUP' }) };
    },

    /** VerifySoftwareToken within MFA_SETUP: a right code marks the session verified. */
    async verifyDuringSignIn(
      input: { session: string; code: string },
      context: TRequestContext,
    ): Promise<{ session: string }> {
      const { user, id } = await challenges.read(input.session, ['MFA_SETUP']);
      const attempt: TSignInAttempt = {
        email: user.email,
        user,
        ip: context.ip,
        deviceId: null,
        correlationId: context.correlationId,
      };
      await assertAttemptsLeft(id, attempt);
      const outcome = await mfa.verifyPending(user.id, input.code);
      if (outcome === 'no-pending') throw invalidParameter('Call AssociateSoftwareToken first.');
      if (outcome === 'mismatch') return recordWrongCode(attempt, id, 'SOFTWARE_TOKEN_MFA', context);
      return { session: await challenges.sign(user, { challenge: 'MFA_SETUP', verified: true }) };
    },
  };
}

function requiredResponse(responses: Readonly<Record<string, string>>, name: string): string {
  const value = responses[name];
  if (value === undefined || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}
