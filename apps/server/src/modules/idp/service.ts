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
import { IdpError, incorrectCredentials } from './idp-error.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { TSigningKey } from './signing-keys.ts';
import type { TTokenIssuer } from './token-issuer.ts';
import type { TTokenVerifier } from './token-verifier.ts';

/** A pending NEW_PASSWORD_REQUIRED challenge lives as long as the spec's pending sign-in (§9: 3 minutes). */
export const CHALLENGE_LIFETIME_SECONDS = 180;
/** How long a just-rotated refresh token may still be presented (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_MS = 60_000;

export type TAuthenticationResult = {
  readonly AccessToken: string;
  readonly IdToken: string;
  readonly RefreshToken?: string;
  readonly ExpiresIn: number;
  readonly TokenType: 'Bearer';
};

export type TSignInOutcome =
  | { readonly kind: 'tokens'; readonly result: TAuthenticationResult; readonly device: TDeviceGrant }
  | { readonly kind: 'new-password-required'; readonly session: string; readonly user: TUserRow };

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
  readonly logger?: Pick<FastifyBaseLogger, 'error'> | undefined;
};

/** The embedded user pool's rules; routes.ts only maps the Cognito wire protocol onto them. */
export function createIdentityService(options: TIdentityServiceOptions) {
  const { users, sessions, audit, clock } = options;
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

  async function signChallenge(user: TUserRow): Promise<string> {
    const iat = Math.floor(clock().getTime() / 1000);
    return new SignJWT({ token_use: 'challenge', challenge: 'NEW_PASSWORD_REQUIRED' })
      .setProtectedHeader({ alg: 'RS256', kid: options.key.kid })
      .setSubject(user.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + CHALLENGE_LIFETIME_SECONDS)
      .sign(options.key.privateKey);
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
      if (user.mustChangePassword)
        return { kind: 'new-password-required', session: await signChallenge(user), user };
      const device = await devices.grant(user.id, deviceId);
      return { kind: 'tokens', result: await startSession(user, context, device.deviceId), device };
    },

    async respondToNewPasswordChallenge(
      input: { session: string; clientId: unknown; newPassword: string; name?: string },
      context: TRequestContext,
    ): Promise<{ result: TAuthenticationResult; device: TDeviceGrant }> {
      assertClient(input.clientId);
      let userId: string | undefined;
      try {
        const { payload } = await jwtVerify(input.session, await publicKey, {
          currentDate: clock(),
          algorithms: ['RS256'],
        });
        if (payload.token_use === 'challenge') userId = payload.sub;
      } catch {
        userId = undefined;
      }
      const user = userId ? await users.findById(userId) : undefined;
      if (!user?.mustChangePassword || user.disabled) {
        throw new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      }
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
      const device = await devices.grant(user.id, null);
      return { result: await startSession(updated ?? user, context, device.deviceId), device };
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
