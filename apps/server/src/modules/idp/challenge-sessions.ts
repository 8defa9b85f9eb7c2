import type { TMfaType } from '@loupe/domain/auth/mfa';
import { IDENTITY } from '@loupe/domain/config/constants';
import { importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { TClock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { TUserRow, TUsersRepository } from '../users/repository.ts';
import { invalidSession } from './idp-error.ts';
import type { TMfa } from './mfa.ts';
import type { TSigningKey } from './signing-keys.ts';

/** A pending challenge (new password, second factor) lives as long as the spec's pending sign-in (§9: 3 minutes). */
export const CHALLENGE_LIFETIME_SECONDS = IDENTITY.pendingSignInTtlMs / 1000;

/** The challenges the embedded pool sets (Cognito's ChallengeNameType). */
export type TChallengeName = 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SELECT_MFA_TYPE' | TMfaType;

export type TChallenge = {
  readonly kind: 'challenge';
  readonly name: TChallengeName;
  readonly session: string;
  readonly parameters: Readonly<Record<string, string>>;
};

/** What a challenge's session carries besides the user. */
export type TChallengeClaims = {
  readonly challenge: TChallengeName;
  /** EMAIL_OTP while setting e-mail codes up (MFA_SETUP): a right code switches them on. */
  readonly setup?: boolean;
  /** MFA_SETUP after VerifySoftwareToken accepted a code. */
  readonly verified?: boolean;
};

/**
 * Challenge sessions: the signed, short-lived `Session` a challenge answer must bring back (RS256, the
 * pool's key), naming the user, the challenge and how far its setup has come.
 */
export function createChallengeSessions(options: {
  readonly key: TSigningKey;
  readonly clock: TClock;
  readonly users: TUsersRepository;
  readonly mfa: TMfa;
}) {
  const { clock, users, mfa } = options;
  const publicKey = importJWK(options.key.publicJwk as JWK, 'RS256');

  async function sign(user: TUserRow, claims: TChallengeClaims): Promise<string> {
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
      session: await sign(user, claims),
      // Second-factor challenges leave USER_ID_FOR_SRP out: Amplify would then keep the device key under the
      // user's id and look it up under the e-mail typed at the next sign-in, and never present it.
      parameters:
        claims.challenge === 'NEW_PASSWORD_REQUIRED'
          ? { USER_ID_FOR_SRP: user.id, ...parameters }
          : parameters,
    };
  }

  /** The user and claims of a live challenge session of one of `names`; NotAuthorizedException otherwise. */
  async function read(
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
  async function factor(user: TUserRow, type: TMfaType, setup = false): Promise<TChallenge> {
    if (type === 'SOFTWARE_TOKEN_MFA') return challenge(user, { challenge: type });
    const destination = await mfa.sendEmailCode(user);
    return challenge(
      user,
      { challenge: type, ...(setup ? { setup: true } : {}) },
      { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: destination },
    );
  }

  return { sign, challenge, read, factor };
}

export type TChallengeSessions = ReturnType<typeof createChallengeSessions>;
