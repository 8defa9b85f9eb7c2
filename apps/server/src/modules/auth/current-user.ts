import { roleFromProfile, type TRole } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyRequest } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TTokenVerifier, TVerifiedToken } from '../idp/token-verifier.ts';
import type { TSessionsRepository } from '../sessions/repository.ts';
import type { TUserRow, TUsersRepository } from '../users/repository.ts';

/** The verified caller of a request. */
export type TCurrentUser = {
  readonly id: string;
  readonly email: string;
  readonly role: TRole;
  readonly emailVerified: boolean;
  /** The embedded pool's session (`origin_jti`); null for tokens of a real Cognito pool. */
  readonly sessionId: string | null;
};

export type TAuthenticatorOptions = {
  readonly mode: 'local' | 'cognito';
  readonly verifier: TTokenVerifier;
  readonly users: TUsersRepository;
  readonly sessions: TSessionsRepository;
  readonly clock: TClock;
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** A request's bearer id token → Loupe user (see `createTokenAuthenticator`). */
export function createAuthenticator(options: TAuthenticatorOptions) {
  const authenticateToken = createTokenAuthenticator(options);
  return (request: FastifyRequest): Promise<TCurrentUser> => authenticateToken(bearerToken(request));
}

/**
 * Id token → Loupe user, for HTTP requests and the realtime handshake alike; refuses revoked sessions and
 * disabled accounts before tokens expire.
 */
export function createTokenAuthenticator(options: TAuthenticatorOptions) {
  return async function authenticateToken(token: string | null): Promise<TCurrentUser> {
    if (!token) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
    const claims = await options.verifier.verifyIdToken(token);
    const user = options.mode === 'local' ? await localUser(claims) : await cognitoUser(claims);
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled.');
    return {
      id: user.id,
      email: user.email,
      role: roleFromProfile(user.role),
      emailVerified: options.mode === 'local' ? user.emailVerified : claims.email_verified === true,
      sessionId: options.mode === 'local' ? (claims.origin_jti ?? null) : null,
    };
  };

  async function localUser(claims: TVerifiedToken): Promise<TUserRow> {
    const session = claims.origin_jti
      ? await options.sessions.findActive(claims.origin_jti, options.clock())
      : undefined;
    if (!session || session.userId !== claims.sub) {
      throw new AppError('UNAUTHENTICATED', 'This session has ended. Sign in again.');
    }
    const user = await options.users.findById(claims.sub);
    if (!user) throw new AppError('UNAUTHENTICATED', 'This session has ended. Sign in again.');
    return user;
  }

  /** A real pool's user is linked to a Loupe account by `sub`, or on first sight by verified e-mail. */
  async function cognitoUser(claims: TVerifiedToken): Promise<TUserRow> {
    const linked = await options.users.findByCognitoSub(claims.sub);
    if (linked) return linked;
    if (typeof claims.email === 'string' && claims.email_verified === true) {
      const byEmail = await options.users.findByEmail(claims.email);
      if (byEmail && !byEmail.cognitoSub) {
        const updated = await options.users.update(byEmail.id, {
          cognitoSub: claims.sub,
          emailVerified: true,
        });
        if (updated) return updated;
      }
    }
    throw forbidden('There is no Loupe account for this sign-in. Ask an administrator to add you.');
  }
}
