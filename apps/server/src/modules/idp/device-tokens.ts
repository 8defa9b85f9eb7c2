import { randomUUID } from 'node:crypto';
import { importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { TClock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { TSigningKey } from './signing-keys.ts';

/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;

/**
 * The cookie that marks a browser as one that signed in to an account before, one per account (a bench
 * computer shared by several people knows each of them). Its name carries no address, only a digest.
 */
export function deviceCookieName(userId: string): string {
  return `loupe-device-${sha256(userId).slice(0, 16)}`;
}

/** A known device's grant: the cookie to set after a successful sign-in. */
export type TDeviceGrant = {
  readonly cookieName: string;
  readonly token: string;
  readonly maxAgeSeconds: number;
};

/**
 * Device tokens: JWTs signed with the pool's key (`token_use: device`, the user as subject, the device id
 * as `jti`), so any instance verifies them and none can be passed off as an id or access token. They prove
 * only that this browser signed in to this account before: the password is still needed (issue 20 §2).
 */
export function createDeviceTokens(options: { readonly key: TSigningKey; readonly clock: TClock }) {
  const publicKey = importJWK(options.key.publicJwk as JWK, 'RS256');

  return {
    /** The device id a token proves for this user, or null (absent, forged, expired or another user's). */
    async verify(token: string | undefined, userId: string): Promise<string | null> {
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, await publicKey, {
          currentDate: options.clock(),
          algorithms: ['RS256'],
          subject: userId,
        });
        return payload.token_use === 'device' && typeof payload.jti === 'string' ? payload.jti : null;
      } catch {
        return null;
      }
    },

    /** A token for this device (a new one when null), valid DEVICE_LIFETIME_SECONDS from now. */
    async grant(userId: string, deviceId: string | null): Promise<TDeviceGrant & { deviceId: string }> {
      const id = deviceId ?? randomUUID();
      const iat = Math.floor(options.clock().getTime() / 1000);
      const token = await new SignJWT({ token_use: 'device' })
        .setProtectedHeader({ alg: 'RS256', kid: options.key.kid })
        .setSubject(userId)
        .setJti(id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + DEVICE_LIFETIME_SECONDS)
        .sign(options.key.privateKey);
      return {
        deviceId: id,
        cookieName: deviceCookieName(userId),
        token,
        maxAgeSeconds: DEVICE_LIFETIME_SECONDS,
      };
    },
  };
}

export type TDeviceTokens = ReturnType<typeof createDeviceTokens>;
