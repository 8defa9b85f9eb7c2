import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TUserRow } from '../users/repository.ts';
import type { TSigningKey } from './signing-keys.ts';

export type TIssuedTokens = {
  readonly idToken: string;
  readonly accessToken: string;
  readonly expiresIn: number;
};

export type TTokenIssuerOptions = {
  readonly issuer: string;
  readonly clientId: string;
  readonly key: TSigningKey;
  /** Read per issue: an admin can change session lifetimes in the security settings. */
  readonly lifetimeSeconds: () => Promise<number>;
};

/** Signs id and access tokens with Amazon Cognito's claims, so Amplify and any Cognito-aware code accept them. */
export function createTokenIssuer(options: TTokenIssuerOptions) {
  const sign = (claims: Record<string, unknown>, now: Date, lifetimeSeconds: number) => {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: options.key.kid })
      .setIssuer(options.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .setJti(randomUUID())
      .sign(options.key.privateKey);
  };

  return {
    async issue(input: {
      user: TUserRow;
      sessionId: string;
      authTime: Date;
      now: Date;
    }): Promise<TIssuedTokens> {
      const { user, sessionId, now } = input;
      const authTime = Math.floor(input.authTime.getTime() / 1000);
      const eventId = randomUUID();
      const lifetimeSeconds = await options.lifetimeSeconds();
      const [idToken, accessToken] = await Promise.all([
        sign(
          {
            sub: user.id,
            aud: options.clientId,
            token_use: 'id',
            email: user.email,
            email_verified: user.emailVerified,
            'cognito:username': user.id,
            'custom:role': user.role,
            'cognito:groups': [user.role],
            ...(user.name ? { name: user.name } : {}),
            ...(user.firstName ? { given_name: user.firstName } : {}),
            ...(user.lastName ? { family_name: user.lastName } : {}),
            origin_jti: sessionId,
            event_id: eventId,
            auth_time: authTime,
          },
          now,
          lifetimeSeconds,
        ),
        sign(
          {
            sub: user.id,
            client_id: options.clientId,
            token_use: 'access',
            scope: 'aws.cognito.signin.user.admin',
            username: user.id,
            'cognito:groups': [user.role],
            origin_jti: sessionId,
            event_id: eventId,
            auth_time: authTime,
          },
          now,
          lifetimeSeconds,
        ),
      ]);
      return { idToken, accessToken, expiresIn: lifetimeSeconds };
    },
  };
}

export type TTokenIssuer = ReturnType<typeof createTokenIssuer>;
