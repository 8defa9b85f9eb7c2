import { randomUUID } from 'node:crypto';
import { isMfaType, MFA_MAX_ATTEMPTS, MFA_TYPES, type TMfaType } from '@loupe/domain/auth/mfa';
import type { TSecuritySettings } from '@loupe/domain/settings/security-settings';
import type { FastifyBaseLogger } from 'fastify';
import { importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { TClock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TSessionsRepository } from '../sessions/repository.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../users/password.ts';
import type { TUserRow, TUsersRepository } from '../users/repository.ts';
import { createDeviceTokens, type TDeviceGrant } from './device-tokens.ts';
import { IdpError, incorrectCredentials, invalidParameter } from './idp-error.ts';
import type { TMfa } from './mfa.ts';
import { createSignInThrottle, type TSignInAttempt } from './sign-in-throttle.ts';
import type { TSigningKey } from './signing-keys.ts';
import type { TTokenIssuer } from './token-issuer.ts';
import type { TTokenVerifier } from './token-verifier.ts';

/** A pending challenge (new password, second factor) lives as long as the spec's pending sign-in (§9: 3 minutes). */
export const CHALLENGE_LIFETIME_SECONDS = 180;
/** How long a just-rotated refresh token may still be presented (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_MS = 60_000;

export type TAuthenticationResult = {
  readonly AccessToken: string;
  readonly IdToken: string;
  readonly RefreshToken?: string;
  readonly ExpiresIn: number;
  readonly TokenType: 'Bearer';
  /** A device key to confirm (ConfirmDevice) after a sign-in that passed a second factor on a new device. */
  readonly NewDeviceMetadata?: { readonly DeviceKey: string; readonly DeviceGroupKey: string };
};

/** The challenges the embedded pool sets (Cognito's ChallengeNameType). */
export type TChallengeName = 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SELECT_MFA_TYPE' | TMfaType;

export type TChallenge = {
  readonly kind: 'challenge';
  readonly name: TChallengeName;
  readonly session: string;
  readonly parameters: Readonly<Record<string, string>>;
};

export type TSignInOutcome =
  | { readonly kind: 'tokens'; readonly result: TAuthenticationResult; readonly device: TDeviceGrant }
  | TChallenge;

/** What a challenge's session carries besides the user. */
type TChallengeClaims = {
  readonly challenge: TChallengeName;
  /** EMAIL_OTP while setting e-mail codes up (MFA_SETUP): a right code switches them on. */
  readonly setup?: boolean;
  /** MFA_SETUP after VerifySoftwareToken accepted a code. */
  readonly verified?: boolean;
};

/** What the route hands a challenge answer: the browser's device cookie and Cognito device key, if any. */
export type TDeviceEvidence = {
  readonly deviceToken?: ((userId: string) => string | undefined) | undefined;
  readonly deviceKey?: string | undefined;
};

const invalidSession = () =>
  new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
const codeMismatch = () => new IdpError('CodeMismatchException', 'Invalid code received for user');

export type TRequestContext = { readonly ip: string; readonly correlationId: string };

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

/** The embedded user pool's rules; routes.ts only maps the Cognito wire protocol onto them. */
export function createIdentityService(options: TIdentityServiceOptions) {
  const { users, sessions, audit, clock, mfa } = options;
  const publicKey = importJWK(options.key.publicJwk as JWK, 'RS256');
  const devices = createDeviceTokens({ key: options.key, clock });
  const throttle = createSignInThrottle({
    audit,
    mailer: options.mailer,
    clock,
    companyName: options.companyName,
    logger: options.logger,
  });

  function assertClient(clientId: unknown): void {
    if (clientId !== options.clientId) {
      throw new IdpError('ResourceNotFoundException', `User pool client ${String(clientId)} does not exist.`);
    }
  }

  async function startSession(
    user: TUserRow,
    context: TRequestContext,
    deviceId: string,
  ): Promise<TAuthenticationResult> {
    const now = clock();
    const settings = await options.securitySettings();
    const session = await sessions.create({
      userId: user.id,
      clientId: options.clientId,
      authTime: now,
      expiresAt: new Date(now.getTime() + settings.refreshTokenDays * 86_400_000),
    });
    const refreshToken = randomToken();
    await sessions.addRefreshToken(session.id, sha256(refreshToken));
    const tokens = await options.issuer.issue({ user, sessionId: session.id, authTime: now, now });
    // The device is kept with the sign-in: a success clears the failures counted against it (sign-in-throttle.ts).
    await audit.record({
      action: 'auth.sign_in',
      at: now,
      actorId: user.id,
      subject: user.id,
      ...context,
      details: { device: deviceId },
    });
    return {
      AccessToken: tokens.accessToken,
      IdToken: tokens.idToken,
      RefreshToken: refreshToken,
      ExpiresIn: tokens.expiresIn,
      TokenType: 'Bearer',
    };
  }

  async function signChallenge(user: TUserRow, claims: TChallengeClaims): Promise<string> {
    const iat = Math.floor(clock().getTime() / 1000);
    return new SignJWT({ token_use: 'challenge', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.key.kid })
      .setSubject(user.id)
      .setJti(randomToken(12))
      .setIssuedAt(iat)
      .setExpirationTime(iat + CHALLENGE_LIFETIME_SECONDS)
      .sign(options.key.privateKey);
  }

  async function challenge(
    user: TUserRow,
    claims: TChallengeClaims,
    parameters: Record<string, string> = {},
  ): Promise<TChallenge> {
    return {
      kind: 'challenge',
      name: claims.challenge,
      session: await signChallenge(user, claims),
      // Second-factor challenges leave USER_ID_FOR_SRP out: Amplify would then keep the device key under the
      // user's id and look it up under the e-mail typed at the next sign-in, and never present it.
      parameters:
        claims.challenge === 'NEW_PASSWORD_REQUIRED'
          ? { USER_ID_FOR_SRP: user.id, ...parameters }
          : parameters,
    };
  }

  /** The user and claims of a live challenge session of one of `names`; NotAuthorizedException otherwise. */
  async function readChallenge(
    session: string,
    names: readonly TChallengeName[],
  ): Promise<{ user: TUserRow; claims: TChallengeClaims; id: string }> {
    let payload: Record<string, unknown> | undefined;
    try {
      ({ payload } = await jwtVerify(session, await publicKey, {
        currentDate: clock(),
        algorithms: ['RS256'],
      }));
    } catch {
      payload = undefined;
    }
    const name = payload?.challenge;
    if (
      payload?.token_use !== 'challenge' ||
      typeof payload.sub !== 'string' ||
      !names.some((expected) => expected === name)
    ) {
      throw invalidSession();
    }
    const user = await users.findById(payload.sub);
    if (!user || user.disabled) throw invalidSession();
    return {
      user,
      id: typeof payload.jti === 'string' ? payload.jti : payload.sub,
      claims: {
        challenge: name as TChallengeName,
        ...(payload.setup === true ? { setup: true } : {}),
        ...(payload.verified === true ? { verified: true } : {}),
      },
    };
  }

  /** The challenge that asks for one second factor; an e-mailed code is sent now. */
  async function factorChallenge(user: TUserRow, type: TMfaType, setup = false): Promise<TChallenge> {
    if (type === 'SOFTWARE_TOKEN_MFA') return challenge(user, { challenge: type });
    const destination = await mfa.sendEmailCode(user);
    return challenge(
      user,
      { challenge: type, ...(setup ? { setup: true } : {}) },
      { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: destination },
    );
  }

  /** A confirmed device of this user that the browser presented (DEVICE_KEY): it skips the second factor. */
  async function rememberedDevice(user: TUserRow, deviceKey: string | undefined): Promise<string | null> {
    if (!deviceKey) return null;
    const device = await mfa.repository.findDevice(deviceKey, user.id);
    return device?.confirmedAt ? device.deviceKey : null;
  }

  /**
   * After the password (or the new one): the second factor the user has, the setup their role requires, or
   * tokens. A remembered device skips the second factor (issue 20 §4, Cognito's device-based MFA suppression).
   */
  async function afterPassword(
    user: TUserRow,
    context: TRequestContext,
    evidence: TDeviceEvidence & { deviceId: string | null },
  ): Promise<TSignInOutcome> {
    const types = await mfa.enabledTypes(user.id);
    if (types.length > 0) {
      const remembered = await rememberedDevice(user, evidence.deviceKey);
      if (remembered) {
        await mfa.repository.touchDevice(remembered, clock());
        return finish(user, context, evidence.deviceId, { offerDevice: false });
      }
      const preferred = (await mfa.state(user.id)).preferred;
      const only = types.length === 1 ? types[0] : preferred && types.includes(preferred) ? preferred : null;
      if (only) return factorChallenge(user, only);
      return challenge(user, { challenge: 'SELECT_MFA_TYPE' }, { MFAS_CAN_CHOOSE: JSON.stringify(types) });
    }
    if (await mfa.isRequiredFor(user)) {
      return challenge(user, { challenge: 'MFA_SETUP' }, { MFAS_CAN_SETUP: JSON.stringify(MFA_TYPES) });
    }
    return finish(user, context, evidence.deviceId, { offerDevice: false });
  }

  /** Tokens, the known-browser cookie and, after a second factor, a device key to confirm. */
  async function finish(
    user: TUserRow,
    context: TRequestContext,
    deviceId: string | null,
    options_: { offerDevice: boolean },
  ): Promise<TSignInOutcome & { kind: 'tokens' }> {
    const device = await devices.grant(user.id, deviceId);
    const result = await startSession(user, context, device.deviceId);
    if (!options_.offerDevice) return { kind: 'tokens', result, device };
    const newDevice = {
      deviceKey: `${options.region}_${randomUUID()}`,
      userId: user.id,
      groupKey: `-${randomToken(9)}`,
    };
    await mfa.repository.issueDevice(newDevice);
    return {
      kind: 'tokens',
      result: {
        ...result,
        NewDeviceMetadata: { DeviceKey: newDevice.deviceKey, DeviceGroupKey: newDevice.groupKey },
      },
      device,
    };
  }

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
        return challenge(
          user,
          { challenge: 'NEW_PASSWORD_REQUIRED' },
          { requiredAttributes: '[]', userAttributes: JSON.stringify({ email: user.email }) },
        );
      }
      return afterPassword(user, context, { deviceId, deviceKey: input.deviceKey });
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
      const { user } = await readChallenge(input.session, ['NEW_PASSWORD_REQUIRED']);
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
      return afterPassword(updated ?? user, context, { deviceId: null, deviceKey: input.deviceKey });
    },

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
      assertClient(input.clientId);
      const { user, claims, id } = await readChallenge(input.session, [input.name]);
      const deviceId = await devices.verify(input.deviceToken?.(user.id), user.id);
      const attempt: TSignInAttempt = {
        email: user.email,
        user,
        ip: context.ip,
        deviceId,
        correlationId: context.correlationId,
      };
      const offerDevice = !(await rememberedDevice(user, input.deviceKey));
      switch (input.name) {
        case 'SOFTWARE_TOKEN_MFA': {
          const code = requiredResponse(input.responses, 'SOFTWARE_TOKEN_MFA_CODE');
          await assertAttemptsLeft(id, attempt);
          if (!(await mfa.checkTotp(user.id, code))) return recordWrongCode(attempt, id, input.name, context);
          return finish(user, context, deviceId, { offerDevice });
        }
        case 'EMAIL_OTP': {
          const code = requiredResponse(input.responses, 'EMAIL_OTP_CODE');
          await assertAttemptsLeft(id, attempt);
          if (!(await mfa.checkEmailCode(user.id, code)))
            return recordWrongCode(attempt, id, input.name, context);
          if (claims.setup) await enableFactor(user, 'EMAIL_OTP', context);
          return finish(user, context, deviceId, { offerDevice });
        }
        case 'SELECT_MFA_TYPE': {
          const answer = requiredResponse(input.responses, 'ANSWER');
          const types = await mfa.enabledTypes(user.id);
          if (!isMfaType(answer) || !types.includes(answer)) {
            throw invalidParameter(`${isMfaType(answer) ? answer : 'This'} is not enabled for the user.`);
          }
          return factorChallenge(user, answer);
        }
        case 'MFA_SETUP': {
          const email = input.responses.EMAIL?.trim().toLowerCase();
          if (email !== undefined && email !== '') {
            // E-mail codes go to the verified address the account signs in with, nowhere else.
            if (email !== user.email) throw invalidParameter('EMAIL must be the address of the account.');
            return factorChallenge(user, 'EMAIL_OTP', true);
          }
          if (!claims.verified) {
            throw invalidParameter('Verify a software token (VerifySoftwareToken) or give an EMAIL first.');
          }
          await enableFactor(user, 'SOFTWARE_TOKEN_MFA', context);
          return finish(user, context, deviceId, { offerDevice });
        }
        default: {
          const exhaustive: never = input.name;
          throw invalidParameter(`${String(exhaustive)} challenge is not supported by this user pool.`);
        }
      }
    },

    /** AssociateSoftwareToken within MFA_SETUP: the seed, and the session to verify it with. */
    async associateDuringSignIn(session: string): Promise<{ secret: string; session: string }> {
      const { user } = await readChallenge(session, ['MFA_SETUP']);
      const secret = await mfa.associate(user.id);
      return { secret, session: await signChallenge(user, { challenge: 'MFA_SETUP' }) };
    },

    /** VerifySoftwareToken within MFA_SETUP: a right code marks the session verified. */
    async verifyDuringSignIn(
      input: { session: string; code: string },
      context: TRequestContext,
    ): Promise<{ session: string }> {
      const { user, id } = await readChallenge(input.session, ['MFA_SETUP']);
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
      return { session: await signChallenge(user, { challenge: 'MFA_SETUP', verified: true }) };
    },

    /** Refresh; with `rotate` the presented token is spent and a new one returned (GetTokensFromRefreshToken). */
    async refresh(
      input: { refreshToken: string; clientId: unknown; rotate: boolean },
      context: TRequestContext,
    ): Promise<TAuthenticationResult> {
      assertClient(input.clientId);
      const now = clock();
      const tokenHash = sha256(input.refreshToken);
      const stored = await sessions.findRefreshToken(tokenHash);
      if (!stored) throw new IdpError('NotAuthorizedException', 'Invalid Refresh Token');
      // A token rotated moments ago is a second tab or a retried request whose answer was lost (Cognito's
      // refresh-token grace period); older than that, a spent token coming back was stolen or replayed.
      const withinGrace =
        stored.rotatedAt !== null && now.getTime() - stored.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
      if (stored.rotatedAt && !withinGrace) {
        // End the whole family (OAuth 2.0 Security BCP §4.14).
        await sessions.revoke(stored.sessionId, 'refresh token reuse', now);
        await audit.record({
          action: 'auth.refresh_token_reuse',
          at: now,
          subject: stored.sessionId,
          ...context,
        });
        throw new IdpError('NotAuthorizedException', 'Refresh Token has been revoked');
      }
      const session = await sessions.findActive(stored.sessionId, now);
      if (!session) throw new IdpError('NotAuthorizedException', 'Refresh Token has been revoked');
      const user = await users.findById(session.userId);
      if (!user || user.disabled) throw new IdpError('NotAuthorizedException', 'User is disabled.');
      let refreshToken: string | undefined;
      if (input.rotate) {
        // Inside the grace period the token is already spent: the caller just gets a sibling token.
        const rotatedNow = withinGrace || (await sessions.markRotated(tokenHash, now));
        if (!rotatedNow) throw new IdpError('NotAuthorizedException', 'Refresh Token has been revoked');
        refreshToken = randomToken();
        await sessions.addRefreshToken(session.id, sha256(refreshToken));
      }
      const tokens = await options.issuer.issue({
        user,
        sessionId: session.id,
        authTime: session.authTime,
        now,
      });
      return {
        AccessToken: tokens.accessToken,
        IdToken: tokens.idToken,
        ...(refreshToken ? { RefreshToken: refreshToken } : {}),
        ExpiresIn: tokens.expiresIn,
        TokenType: 'Bearer',
      };
    },

    /** RevokeToken: ends the refresh token's family, and with it every token issued from it. */
    async revokeRefreshToken(
      input: { token: string; clientId: unknown },
      context: TRequestContext,
    ): Promise<void> {
      assertClient(input.clientId);
      const stored = await sessions.findRefreshToken(sha256(input.token));
      // Cognito answers success for tokens it does not know, so revocation cannot probe for tokens.
      if (!stored) return;
      await sessions.revoke(stored.sessionId, 'revoked', clock());
      await audit.record({ action: 'auth.sign_out', at: clock(), subject: stored.sessionId, ...context });
    },

    userFromAccessToken,

    async globalSignOut(accessToken: string, context: TRequestContext): Promise<void> {
      const { user } = await userFromAccessToken(accessToken);
      await sessions.revokeAllForUser(user.id, 'global sign-out', clock());
      await audit.record({
        action: 'auth.sign_out',
        at: clock(),
        actorId: user.id,
        subject: user.id,
        details: { global: true },
        ...context,
      });
    },
  };

  async function userFromAccessToken(accessToken: string): Promise<{ user: TUserRow; sessionId: string }> {
    let claims: Awaited<ReturnType<TTokenVerifier['verifyAccessToken']>>;
    try {
      claims = await options.verifier.verifyAccessToken(accessToken);
    } catch {
      throw new IdpError('NotAuthorizedException', 'Invalid Access Token');
    }
    const session = claims.origin_jti ? await sessions.findActive(claims.origin_jti, clock()) : undefined;
    if (!session) throw new IdpError('NotAuthorizedException', 'Access Token has been revoked');
    const user = await users.findById(claims.sub);
    if (!user || user.disabled) throw new IdpError('NotAuthorizedException', 'User is disabled.');
    return { user, sessionId: session.id };
  }
}

export type TIdentityService = ReturnType<typeof createIdentityService>;

function requiredResponse(responses: Readonly<Record<string, string>>, name: string): string {
  const value = responses[name];
  if (value === undefined || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}
