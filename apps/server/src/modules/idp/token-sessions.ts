import type { TSecuritySettings } from '@loupe/domain/settings/security-settings';
import type { TClock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TSessionsRepository } from '../sessions/repository.ts';
import type { TUserRow, TUsersRepository } from '../users/repository.ts';
import { assertClientId, IdpError } from './idp-error.ts';
import type { TTokenIssuer } from './token-issuer.ts';
import type { TTokenVerifier } from './token-verifier.ts';

/** How long a just-rotated refresh token may still be presented (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_MS = 60_000;

export type TRequestContext = { readonly ip: string; readonly correlationId: string };

export type TAuthenticationResult = {
  readonly AccessToken: string;
  readonly IdToken: string;
  readonly RefreshToken?: string;
  readonly ExpiresIn: number;
  readonly TokenType: 'Bearer';
  /** A device key to confirm (ConfirmDevice) after a sign-in that passed a second factor on a new device. */
  readonly NewDeviceMetadata?: { readonly DeviceKey: string; readonly DeviceGroupKey: string };
};

/**
 * A signed-in session and its tokens: started after a sign-in, refreshed (and rotated) with its refresh
 * token, ended by RevokeToken or GlobalSignOut; an access token leads back to its user while its session lives.
 */
export function createTokenSessions(options: {
  readonly clientId: string;
  readonly users: TUsersRepository;
  readonly sessions: TSessionsRepository;
  readonly audit: TAuditRepository;
  readonly issuer: TTokenIssuer;
  readonly verifier: TTokenVerifier;
  readonly securitySettings: () => Promise<TSecuritySettings>;
  readonly clock: TClock;
}) {
  const { users, sessions, audit, clock } = options;

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

  return {
    startSession,

    /** Refresh; with `rotate` the presented token is spent and a new one returned (GetTokensFromRefreshToken). */
    async refresh(
      input: { refreshToken: string; clientId: unknown; rotate: boolean },
      context: TRequestContext,
    ): Promise<TAuthenticationResult> {
      assertClientId(input.clientId, options.clientId);
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
      assertClientId(input.clientId, options.clientId);
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
}

export type TTokenSessions = ReturnType<typeof createTokenSessions>;
