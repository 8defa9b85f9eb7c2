import {
  EMAIL_OTP_DIGITS,
  MFA_TYPES,
  type TMfaType,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '@loupe/domain/auth/mfa';
import type { TRole } from '@loupe/domain/auth/roles';
import { Secret, TOTP } from 'otpauth';
import type { TClock } from '../../lib/clock.ts';
import { randomDigits, safeEqual, sha256 } from '../../lib/crypto.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import type { TOneTimeCodesRepository } from '../auth/repository.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TUserRow } from '../users/repository.ts';
import type { TMfaRepository } from './mfa-repository.ts';

/** An e-mailed code lives as long as the challenge it answers (spec §9: pending sign-in 3 minutes). */
export const EMAIL_OTP_LIFETIME_MS = 180_000;
/** Wrong guesses one e-mailed code tolerates. */
const EMAIL_OTP_MAX_ATTEMPTS = 3;

export type TMfaState = {
  readonly totp: boolean;
  /** A verified secret exists (VerifySoftwareToken), whether or not TOTP is switched on. */
  readonly totpRegistered: boolean;
  readonly email: boolean;
  readonly preferred: TMfaType | null;
};

export type TMfaOptions = {
  readonly repository: TMfaRepository;
  readonly codes: TOneTimeCodesRepository;
  readonly box: TSecretBox;
  readonly mailer: TMailer;
  readonly clock: TClock;
  readonly companyName: string;
  readonly requiredRoles: () => Promise<readonly TRole[]>;
};

/**
 * The second factors of the embedded pool: TOTP (RFC 6238 through otpauth, seeds encrypted at rest, each
 * step accepted once) and codes by e-mail (hashed, three guesses, through the mail outbox).
 */
export function createMfa(options: TMfaOptions) {
  const { repository, codes, box, clock } = options;

  const totpOf = (base32: string) =>
    new TOTP({
      secret: Secret.fromBase32(base32),
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
    });

  /** The step a code is valid for, or null: codes one step either side of now are accepted. */
  function stepOf(base32: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const timestamp = clock().getTime();
    const delta = totpOf(base32).validate({ token: code, timestamp, window: TOTP_WINDOW_STEPS });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
  }

  const emailDigest = (userId: string, code: string) => sha256(`mfa_email:${userId}:${code}`);

  async function state(userId: string): Promise<TMfaState> {
    const row = await repository.find(userId);
    const preferred = MFA_TYPES.find((type) => type === row?.preferred) ?? null;
    return {
      totp: Boolean(row?.totpEnabled && row.totpSecret),
      totpRegistered: Boolean(row?.totpSecret),
      email: Boolean(row?.emailEnabled),
      preferred,
    };
  }

  return {
    state,

    /** The methods a sign-in may be challenged with, the preferred one first. */
    async enabledTypes(userId: string): Promise<TMfaType[]> {
      const current = await state(userId);
      const types = MFA_TYPES.filter((type) =>
        type === 'SOFTWARE_TOKEN_MFA' ? current.totp : current.email,
      );
      return current.preferred && types.includes(current.preferred)
        ? [current.preferred, ...types.filter((type) => type !== current.preferred)]
        : types;
    },

    async isRequiredFor(user: TUserRow): Promise<boolean> {
      return (await options.requiredRoles()).includes(user.role as TRole);
    },

    /** AssociateSoftwareToken: a new seed (160 bits), kept aside until a code proves the app holds it. */
    async associate(userId: string): Promise<string> {
      const secret = new Secret({ size: 20 }).base32;
      await repository.save(userId, { totpPendingSecret: box.seal(secret) }, clock());
      return secret;
    },

    /** VerifySoftwareToken: the pending seed becomes the user's when the code matches it. */
    async verifyPending(userId: string, code: string): Promise<'verified' | 'mismatch' | 'no-pending'> {
      const row = await repository.find(userId);
      if (!row?.totpPendingSecret) return 'no-pending';
      const secret = box.open(row.totpPendingSecret);
      const step = stepOf(secret, code);
      if (step === null) return 'mismatch';
      await repository.save(
        userId,
        { totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step },
        clock(),
      );
      return 'verified';
    },

    /** A TOTP code at sign-in: right for now and not used before. */
    async checkTotp(userId: string, code: string): Promise<boolean> {
      const row = await repository.find(userId);
      if (!row?.totpSecret) return false;
      const step = stepOf(box.open(row.totpSecret), code);
      return step !== null && (await repository.claimTotpStep(userId, step));
    },

    /** Sends a fresh code (earlier ones stop working); answers the masked address for the challenge. */
    async sendEmailCode(user: TUserRow): Promise<string> {
      const now = clock();
      const code = randomDigits(EMAIL_OTP_DIGITS);
      await codes.consumeAll(user.id, 'mfa_email', now);
      await codes.create({
        userId: user.id,
        purpose: 'mfa_email',
        codeHash: emailDigest(user.id, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_OTP_LIFETIME_MS),
      });
      await options.mailer.send({
        to: user.email,
        subject: `Your ${options.companyName} sign-in code`,
        text:
          `Your ${options.companyName} sign-in code is ${code}. It works once, for 3 minutes.\n\n` +
          'If you did not just sign in, someone knows your password: change it now.',
      });
      return maskEmail(user.email);
    },

    async checkEmailCode(userId: string, code: string): Promise<boolean> {
      const now = clock();
      const stored = await codes.findLatestUnconsumed(userId, 'mfa_email');
      if (!stored || stored.expiresAt.getTime() <= now.getTime()) return false;
      const attempts = await codes.recordAttempt(stored.id, EMAIL_OTP_MAX_ATTEMPTS);
      if (attempts === undefined) return false;
      if (!safeEqual(stored.codeHash, emailDigest(userId, code))) return false;
      return codes.consume(stored.id, now);
    },

    /** Forgets every second factor and remembered device of the user (an admin's reset). */
    async reset(userId: string): Promise<void> {
      await repository.save(
        userId,
        {
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabled: false,
          totpLastStep: null,
          emailEnabled: false,
          preferred: null,
        },
        clock(),
      );
      await repository.forgetDevices(userId);
    },

    async save(userId: string, changes: Parameters<TMfaRepository['save']>[1]) {
      return repository.save(userId, changes, clock());
    },

    repository,
  };
}

export type TMfa = ReturnType<typeof createMfa>;

/** Cognito's CODE_DELIVERY_DESTINATION: the first letter and the domain, e.g. `a***@loupe.test`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
