import { AppError } from '@loupe/domain/errors/errors';
import { createLocalJWKSet, createRemoteJWKSet, errors, type JWK, type JWTPayload, jwtVerify } from 'jose';

export type TVerifiedToken = JWTPayload & {
  readonly sub: string;
  readonly token_use: 'id' | 'access';
  readonly origin_jti?: string;
  readonly email?: string;
  readonly email_verified?: boolean;
};

export type TTokenVerifier = {
  verifyIdToken(token: string): Promise<TVerifiedToken>;
  verifyAccessToken(token: string): Promise<TVerifiedToken>;
};

export type TTokenVerifierOptions = {
  readonly issuer: string;
  readonly clientId: string;
  /** The embedded pool's keys, or, for a real Cognito pool, the URL of its JWKS. */
  readonly keys: { readonly local: readonly JWK[] } | { readonly jwksUrl: string };
  readonly now: () => Date;
};

/**
 * One verifier for the embedded pool and AWS Cognito alike (docs/architecture.md): signature against the JWKS,
 * issuer, expiry, `token_use`, and the app client (`aud` on id tokens, `client_id` on access tokens).
 */
export function createTokenVerifier(options: TTokenVerifierOptions): TTokenVerifier {
  const keySet =
    'local' in options.keys
      ? createLocalJWKSet({ keys: [...options.keys.local] })
      : createRemoteJWKSet(new URL(options.keys.jwksUrl), { cooldownDuration: 30_000 });

  async function verify(token: string, use: 'id' | 'access'): Promise<TVerifiedToken> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        algorithms: ['RS256'],
        currentDate: options.now(),
      }));
    } catch (error) {
      const reason =
        error instanceof errors.JWTExpired ? 'The token has expired.' : 'The token is not valid.';
      throw new AppError('UNAUTHENTICATED', reason, { cause: error });
    }
    const client = use === 'id' ? payload.aud : payload.client_id;
    const audienceMatches = Array.isArray(client)
      ? client.includes(options.clientId)
      : client === options.clientId;
    if (payload.token_use !== use || !audienceMatches || typeof payload.sub !== 'string') {
      throw new AppError('UNAUTHENTICATED', 'The token is not valid.');
    }
    return payload as TVerifiedToken;
  }

  return {
    verifyIdToken: (token) => verify(token, 'id'),
    verifyAccessToken: (token) => verify(token, 'access'),
  };
}
