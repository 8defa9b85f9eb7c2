import { LEAST_PRIVILEGED_ROLE, roleFromProfile, type TRole } from '@loupe/domain/auth/roles';
import { AppError, ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TSecuritySettings } from '@loupe/domain/settings/security-settings';
import { type TRegistration, toApplicationUser } from '@loupe/domain/users/user';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type TConfig } from '../../config.ts';
import type { TClock } from '../../lib/clock.ts';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TMail, TMailer } from '../mail/mailer.ts';
import type { TSessionsRepository } from '../sessions/repository.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../users/password.ts';
import type { TUserRow, TUsersRepository } from '../users/repository.ts';
import type { TCurrentUser } from './current-user.ts';
import type { TOneTimeCodePurpose, TOneTimeCodesRepository } from './repository.ts';

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_LIFETIME_MS = 24 * 3_600_000;
/** Wrong guesses a verification code survives; a 6-digit code then has a 5-in-a-million chance. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_LIFETIME_MS = 3_600_000;
/** At most one verification or reset mail per account in this window, so nobody can flood a mailbox. */
export const MAIL_THROTTLE_MS = 60_000;

/** Answers that must not reveal whether an account exists: the same text whatever happened. */
export const AUTH_MESSAGES = {
  registered: 'Account created. Enter the verification code we sent to your e-mail address.',
  // The first account of an installation without SMTP_URL: no mail could reach it (issue 20 §3).
  registeredFirstAdmin:
    'Account created: you are the administrator of this installation. You can sign in now.',
  emailVerified: 'Your e-mail address is verified. You can sign in now.',
  verificationResent:
    'If an account with this e-mail address is waiting for verification, a new code is on its way.',
  profileUpdated: 'Profile updated.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  resetRequested:
    'If an account with this e-mail address exists, a link to reset the password is on its way.',
  passwordReset: 'Your password has been reset. Sign in with the new password.',
  signedOut: 'Signed out.',
} as const;

/** Who asked, for the audit log. */
export type TRequestContext = { readonly ip: string; readonly correlationId: string };

/** The profile of spec §3 (`GET /auth/profile`), with the display name and the verification state. */
export type TAccountProfile = {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: TRole;
  readonly phone?: string;
  readonly name: string;
  readonly emailVerified: boolean;
  readonly homeLocationId: string | null;
};

export type TProfileChanges = {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly name?: string;
  readonly phone?: string | null;
};

export type TAuthServiceOptions = {
  readonly config: TConfig;
  readonly users: TUsersRepository;
  readonly sessions: TSessionsRepository;
  readonly audit: TAuditRepository;
  readonly mailer: TMailer;
  readonly securitySettings: () => Promise<TSecuritySettings>;
  readonly clock: TClock;
  readonly logger: FastifyBaseLogger;
  /** Verification codes and reset tokens. */
  readonly codes: TOneTimeCodesRepository;
};

export function toAccountProfile(user: TUserRow): TAccountProfile {
  const role = roleFromProfile(user.role);
  const { name } = toApplicationUser({ ...user, role }, { name: user.name });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    ...(user.phone ? { phone: user.phone } : {}),
    name,
    emailVerified: user.emailVerified,
    homeLocationId: user.homeLocationId,
  };
}

/** First word → first name, the rest → last name (registration gives one `name` field, spec §3). */
export function splitName(name: string): { firstName: string; lastName: string; name: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  const lastName = rest.join(' ');
  return { firstName, lastName, name: [firstName, lastName].filter(Boolean).join(' ') };
}

/**
 * Sends mail without making the request wait for the SMTP server: a slow or dead server must not stall
 * registration, and "no such account" must not answer faster than "mail sent". The mailer records every
 * mail (and any delivery error) in the outbox; `drain` waits for what is still on its way (shutdown, tests).
 */
export function createMailDispatcher(mailer: TMailer, logger: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    dispatch(mail: TMail): void {
      const delivery = mailer
        .send(mail)
        .catch((error: unknown) =>
          // Never the recipient or the text: addresses and codes stay out of the log (issue 20 §3).
          logger.error({ err: error }, 'mail not queued'),
        )
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** Account rules of spec §7's auth API: registration, verification, profile, passwords. */
export function createAuthService(options: TAuthServiceOptions) {
  const { config, users, sessions, audit, clock } = options;
  const mail = createMailDispatcher(options.mailer, options.logger);

  const codes = (): TOneTimeCodesRepository => options.codes;

  // Salted with the account, so equal codes of two accounts never share a digest.
  const verificationDigest = (userId: string, code: string) => sha256(`verify_email:${userId}:${code}`);

  async function currentRow(actor: TCurrentUser): Promise<TUserRow> {
    const user = await users.findById(actor.id);
    if (!user) throw new AppError('UNAUTHENTICATED', 'This session has ended. Sign in again.');
    return user;
  }

  /** Whether this is the first account of the installation; throws REGISTRATION_CLOSED when it may not register. */
  async function assertRegistrationOpen(): Promise<boolean> {
    const firstAccount = (await users.count()) === 0;
    if (!firstAccount && !(await options.securitySettings()).selfRegistration) {
      throw new AppError(
        'REGISTRATION_CLOSED',
        'Self-registration is closed. Ask an administrator for an account.',
      );
    }
    return firstAccount;
  }

  async function recentlyMailed(userId: string, purpose: TOneTimeCodePurpose): Promise<boolean> {
    const last = await codes().latestCreatedAt(userId, purpose);
    return last !== undefined && clock().getTime() - last.getTime() < MAIL_THROTTLE_MS;
  }

  /** A fresh code replaces any earlier one, then goes out by mail. */
  async function sendVerificationCode(user: TUserRow): Promise<void> {
    const now = clock();
    const code = randomDigits(VERIFICATION_CODE_LENGTH);
    await codes().consumeAll(user.id, 'verify_email', now);
    await codes().create({
      userId: user.id,
      purpose: 'verify_email',
      codeHash: verificationDigest(user.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_LIFETIME_MS),
    });
    mail.dispatch({
      to: user.email,
      // The code stays out of the subject: the mailer logs subjects when delivery fails.
      subject: `Verify your ${config.COMPANY_NAME} e-mail address`,
      text:
        `Your ${config.COMPANY_NAME} verification code is ${code}.\n\n` +
        'Enter it to verify your e-mail address. It expires in 24 hours. ' +
        'If you did not create an account, ignore this mail.',
    });
  }

  return {
    /** ADMIN_EMAIL + ADMIN_PASSWORD on an empty database: a verified admin, so a fresh install can sign in. */
    async bootstrapAdmin(): Promise<void> {
      if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
      if ((await users.count()) > 0) return;
      try {
        assertAcceptablePassword(config.ADMIN_PASSWORD, config.ADMIN_EMAIL);
      } catch (error) {
        // The password rules hold for the first admin too; start-up stops naming the variable, not its value.
        throw new ConfigError(`ADMIN_PASSWORD: ${(error as Error).message}`);
      }
      const created = await users.insert({
        email: config.ADMIN_EMAIL,
        role: 'admin',
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
        emailVerified: true,
      });
      if (created) options.logger.info({ userId: created.id }, 'bootstrap admin created');
    },

    /**
     * The first account of an empty installation becomes admin. After that only while an admin allows
     * self-registration, and with the least-privileged role whatever was asked: only an admin grants roles.
     */
    async register(input: TRegistration, context: TRequestContext): Promise<TAccountProfile> {
      // Checked before the (deliberately slow) hash, so a closed registration costs nothing...
      await assertRegistrationOpen();
      assertAcceptablePassword(input.password, input.email);
      const passwordHash = await hashPassword(input.password);
      // ...and decided again after it: two racing "first" registrations share a window of one query, not a hash.
      const firstAccount = await assertRegistrationOpen();
      const role: TRole = firstAccount ? 'admin' : LEAST_PRIVILEGED_ROLE;
      // Without SMTP_URL no mail reaches anyone, and codes never go to the log: the first account of an empty
      // installation, who becomes its admin whatever a code would prove, is verified at once (issue 20 §3).
      const verifiedAtOnce = firstAccount && !config.SMTP_URL;
      const user = await users.insert({
        email: input.email,
        ...splitName(input.name),
        phone: input.phone ? input.phone : null,
        role,
        passwordHash,
        emailVerified: verifiedAtOnce,
      });
      if (!user) throw new AppError('CONFLICT', 'An account with this e-mail address already exists.');
      await audit.record({
        action: 'auth.registered',
        at: clock(),
        actorId: user.id,
        subject: user.id,
        ...context,
        details: { role, requestedRole: input.role ?? null, firstAccount, verifiedAtOnce },
      });
      if (!verifiedAtOnce) await sendVerificationCode(user);
      return toAccountProfile(user);
    },

    /** An unknown e-mail answers like a wrong code, so the form cannot probe for accounts. */
    async verifyEmail(input: { email: string; code: string }, context: TRequestContext): Promise<void> {
      const invalid = () => new AppError('CODE_INVALID', 'The verification code is not correct.');
      const user = await users.findByEmail(input.email);
      const stored =
        user && !user.emailVerified ? await codes().findLatestUnconsumed(user.id, 'verify_email') : undefined;
      if (!user || !stored) throw invalid();
      if (stored.expiresAt.getTime() <= clock().getTime()) {
        throw new AppError('CODE_EXPIRED', 'This verification code has expired. Request a new code.');
      }
      const tooMany = () =>
        new AppError(
          'CODE_INVALID',
          'Too many wrong attempts for this verification code. Request a new code.',
          {
            details: { attemptsLeft: 0 },
          },
        );
      const attempts = await codes().recordAttempt(stored.id, VERIFICATION_CODE_MAX_ATTEMPTS);
      if (attempts === undefined) throw tooMany();
      if (!safeEqual(stored.codeHash, verificationDigest(user.id, input.code.trim()))) {
        if (attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) throw tooMany();
        throw new AppError('CODE_INVALID', 'The verification code is not correct.', {
          details: { attemptsLeft: VERIFICATION_CODE_MAX_ATTEMPTS - attempts },
        });
      }
      const now = clock();
      if (!(await codes().consume(stored.id, now))) throw invalid();
      await users.update(user.id, { emailVerified: true });
      await audit.record({
        action: 'auth.email_verified',
        at: now,
        actorId: user.id,
        subject: user.id,
        ...context,
      });
    },

    /** Always answers the same; mails a fresh code only to an existing unverified account, once a minute. */
    async resendVerification(input: { email: string }): Promise<void> {
      const user = await users.findByEmail(input.email);
      if (!user || user.emailVerified || user.disabled) return;
      if (await recentlyMailed(user.id, 'verify_email')) return;
      await sendVerificationCode(user);
    },

    /** Signed-in callers with an unverified e-mail get the spec's EMAIL_NOT_VERIFIED answer (§8). */
    async profile(actor: TCurrentUser): Promise<TAccountProfile> {
      if (!actor.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', ERROR_MESSAGES.emailNotVerified);
      return toAccountProfile(await currentRow(actor));
    },

    /** Names and phone only: the role and the e-mail address are not the user's to change here. */
    async updateProfile(actor: TCurrentUser, changes: TProfileChanges, context: TRequestContext) {
      const user = await currentRow(actor);
      const update: TProfileChanges = {
        ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
        ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone === '' ? null : changes.phone } : {}),
      };
      const fields = Object.keys(update);
      if (fields.length === 0) return toAccountProfile(user);
      const updated = (await users.update(user.id, update)) ?? user;
      await audit.record({
        action: 'users.updated',
        at: clock(),
        actorId: user.id,
        subject: user.id,
        ...context,
        details: { fields, self: true },
      });
      return toAccountProfile(updated);
    },

    /** Ends the user's other sessions; the one that asked stays signed in. */
    async changePassword(
      actor: TCurrentUser,
      input: { oldPassword: string; newPassword: string },
      context: TRequestContext,
    ): Promise<void> {
      const user = await currentRow(actor);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        // 400, not 401: the web client answers a 401 by refreshing its tokens and retrying (spec §4).
        throw new AppError('INVALID_CREDENTIALS', 'The current password is not correct.', {
          details: { field: 'oldPassword' },
        });
      }
      assertAcceptablePassword(input.newPassword, user.email);
      const now = clock();
      await users.update(user.id, {
        passwordHash: await hashPassword(input.newPassword),
        mustChangePassword: false,
      });
      await sessions.revokeAllForUser(user.id, 'password changed', now, actor.sessionId ?? undefined);
      await codes().consumeAll(user.id, 'reset_password', now);
      await audit.record({
        action: 'auth.password_changed',
        at: now,
        actorId: user.id,
        subject: user.id,
        ...context,
      });
    },

    /** Always answers the same; mails a single-use reset link valid for an hour to an existing account. */
    async forgotPassword(input: { email: string }): Promise<void> {
      const user = await users.findByEmail(input.email);
      if (!user || user.disabled) return;
      if (await recentlyMailed(user.id, 'reset_password')) return;
      const now = clock();
      const token = randomToken();
      await codes().consumeAll(user.id, 'reset_password', now);
      await codes().create({
        userId: user.id,
        purpose: 'reset_password',
        codeHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
      });
      mail.dispatch({
        to: user.email,
        subject: `Reset your ${config.COMPANY_NAME} password`,
        text:
          `Someone asked to reset the password of your ${config.COMPANY_NAME} account.\n\n` +
          `Choose a new password here (the link works once, for one hour):\n` +
          `${config.publicUrl}/reset-password?token=${token}\n\n` +
          'If it was not you, ignore this mail: your password stays as it is.',
      });
    },

    /** Sets the password, proves the mailbox (verifies the e-mail) and ends every session of the account. */
    async resetPassword(
      input: { token: string; newPassword: string },
      context: TRequestContext,
    ): Promise<void> {
      const invalid = () =>
        new AppError('CODE_INVALID', 'This password reset link is not valid. Request a new one.');
      const stored = await codes().findByHash('reset_password', sha256(input.token));
      if (!stored || stored.consumedAt) throw invalid();
      const now = clock();
      if (stored.expiresAt.getTime() <= now.getTime()) {
        throw new AppError('CODE_EXPIRED', 'This password reset link has expired. Request a new one.');
      }
      const user = await users.findById(stored.userId);
      if (!user || user.disabled) throw invalid();
      // Checked before the token is spent, so a refused password does not cost the user their link.
      assertAcceptablePassword(input.newPassword, user.email);
      if (!(await codes().consume(stored.id, now))) throw invalid();
      await users.update(user.id, {
        passwordHash: await hashPassword(input.newPassword),
        mustChangePassword: false,
        emailVerified: true,
      });
      await sessions.revokeAllForUser(user.id, 'password reset', now);
      await codes().consumeAll(user.id, 'verify_email', now);
      await audit.record({
        action: 'auth.password_reset',
        at: now,
        actorId: user.id,
        subject: user.id,
        ...context,
      });
    },

    async logout(actor: TCurrentUser, context: TRequestContext): Promise<void> {
      const now = clock();
      // A real Cognito pool's tokens have no Loupe session: the browser signs out of the pool itself.
      if (actor.sessionId) await sessions.revoke(actor.sessionId, 'signed out', now);
      await audit.record({
        action: 'auth.sign_out',
        at: now,
        actorId: actor.id,
        subject: actor.id,
        ...context,
      });
    },

    /** Waits for mail still being handed to the mailer. */
    drain: () => mail.drain(),
  };
}

export type TAuthService = ReturnType<typeof createAuthService>;
