import {
  SIGN_IN_THROTTLE,
  signInDelayMs,
  signInThrottledMail,
  type TSignInThrottleScope,
} from '@loupe/domain/auth/sign-in-throttle';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TAuditFilter, TAuditRepository } from '../audit/repository.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TUserRow } from '../users/repository.ts';
import { IdpError } from './idp-error.ts';

/** One sign-in attempt as the throttle sees it. */
export type TSignInAttempt = {
  /** The e-mail typed, trimmed and lower-cased: failures are kept under it, account or not. */
  readonly email: string;
  readonly user: TUserRow | undefined;
  readonly ip: string;
  /** The device id of a browser that signed in to this account before, or null. */
  readonly deviceId: string | null;
  readonly correlationId: string;
};

type TScope = { readonly scope: TSignInThrottleScope; readonly failures: TAuditFilter };

/**
 * The scopes an attempt is counted in (domain's sign-in-throttle.ts): a known device only in its own, so
 * that whatever happens elsewhere the owner's browser still gets in with the right password.
 */
function scopesOf(attempt: TSignInAttempt): TScope[] {
  if (attempt.deviceId !== null) return [{ scope: 'device', failures: { device: attempt.deviceId } }];
  return [
    { scope: 'source', failures: { ip: attempt.ip, device: null } },
    { scope: 'account', failures: { device: null } },
  ];
}

export type TSignInThrottleOptions = {
  readonly audit: TAuditRepository;
  readonly mailer: TMailer;
  readonly clock: TClock;
  readonly companyName: string;
  readonly logger?: Pick<FastifyBaseLogger, 'error'> | undefined;
};

/**
 * Growing delays per account and source instead of a lock for everyone (issue 20 §2), kept in the audit
 * log: failures are `auth.sign_in_failed` rows under the e-mail, with the address and the device; a success
 * (`auth.sign_in`, with its device) clears its source or device; an admin's `auth.sign_in_unlocked` clears
 * every scope of the account.
 */
export function createSignInThrottle(options: TSignInThrottleOptions) {
  const { audit, clock } = options;

  /** Failures count from the latest of: the window's start, an admin's unlock, a success in the scope. */
  async function countingFrom(attempt: TSignInAttempt, scope: TScope, now: Date): Promise<Date> {
    const starts = [new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs)];
    const unlocked = await audit.latest('auth.sign_in_unlocked', attempt.email);
    if (unlocked) starts.push(unlocked);
    if (attempt.user && scope.scope !== 'account') {
      const success = await audit.latest(
        'auth.sign_in',
        attempt.user.id,
        scope.scope === 'device' ? { device: attempt.deviceId } : { ip: attempt.ip },
      );
      if (success) starts.push(success);
    }
    return new Date(Math.max(...starts.map((start) => start.getTime())));
  }

  async function tally(attempt: TSignInAttempt, scope: TScope, now: Date) {
    const since = await countingFrom(attempt, scope, now);
    const { count, latest } = await audit.tally('auth.sign_in_failed', attempt.email, since, scope.failures);
    const waitUntil = latest ? latest.getTime() + signInDelayMs(scope.scope, count) : 0;
    return { count, waitUntil, since };
  }

  async function notifyOwner(attempt: TSignInAttempt, scope: TSignInThrottleScope, since: Date) {
    const { user } = attempt;
    if (!user) return;
    // One mail per episode: none since the failures of this scope started counting.
    const { count } = await audit.tally('auth.sign_in_throttled', attempt.email, since);
    if (count > 0) return;
    await audit.record({
      action: 'auth.sign_in_throttled',
      at: clock(),
      subject: attempt.email,
      ip: attempt.ip,
      correlationId: attempt.correlationId,
      details: { scope, ...(attempt.deviceId ? { device: attempt.deviceId } : {}) },
    });
    const mail = signInThrottledMail({
      companyName: options.companyName,
      email: user.email,
      scope,
      ip: attempt.ip,
    });
    try {
      await options.mailer.send({ to: user.email, ...mail });
    } catch (error) {
      // The refusal stands; the audit row shows the throttle started.
      options.logger?.error({ err: (error as Error).message }, 'sign-in throttle: could not queue the mail');
    }
  }

  return {
    /** Refuses an attempt that must still wait, with Cognito's TooManyRequestsException and Retry-After. */
    async check(attempt: TSignInAttempt): Promise<void> {
      const now = clock();
      let waitUntil = 0;
      for (const scope of scopesOf(attempt)) {
        waitUntil = Math.max(waitUntil, (await tally(attempt, scope, now)).waitUntil);
      }
      if (waitUntil <= now.getTime()) return;
      throw new IdpError(
        'TooManyRequestsException',
        'Too many failed sign-in attempts. Try again later.',
        429,
        Math.max(1, Math.ceil((waitUntil - now.getTime()) / 1000)),
      );
    },

    /** Records a wrong password; the failure that starts slowing a scope down tells the owner by mail. */
    async recordFailure(attempt: TSignInAttempt): Promise<void> {
      const now = clock();
      await audit.record({
        action: 'auth.sign_in_failed',
        at: now,
        subject: attempt.email,
        ip: attempt.ip,
        correlationId: attempt.correlationId,
        details: attempt.deviceId ? { device: attempt.deviceId } : {},
      });
      for (const scope of scopesOf(attempt)) {
        const { count, since } = await tally(attempt, scope, now);
        if (count === SIGN_IN_THROTTLE.freeFailures[scope.scope]) {
          await notifyOwner(attempt, scope.scope, since);
          return;
        }
      }
    },
  };
}

export type TSignInThrottle = ReturnType<typeof createSignInThrottle>;
