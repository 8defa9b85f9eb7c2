/**
 * Slowing down password guessing without locking the owner out (OWASP Authentication Cheat Sheet,
 * "Account lockout" and "Blocking brute force attacks"; issue 20 §2). Failed sign-ins are counted per
 * scope, and past a scope's free attempts every further attempt in it waits longer than the last:
 *
 * - `source`: one account from one address, for a browser that never signed in to it;
 * - `account`: one account from every address together, for browsers that never signed in to it, so an
 *   attacker spreading guesses over many addresses is slowed down as well;
 * - `device`: one account from one browser that signed in to it before (its device cookie). Such a
 *   browser is held only to its own count, so the owner keeps signing in while an attacker elsewhere waits.
 *
 * Nothing is ever locked for good: the longest wait is `maxDelayMs`, a success from a source or device
 * clears that scope, and an admin can clear them all.
 */
export const SIGN_IN_THROTTLE = {
  /** Failures older than this no longer count. */
  windowMs: 24 * 60 * 60_000,
  freeFailures: { source: 5, account: 20, device: 10 },
  /** The wait after the last free failure; each further failure doubles it, up to maxDelayMs. */
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
} as const;

export type TSignInThrottleScope = keyof typeof SIGN_IN_THROTTLE.freeFailures;

/**
 * How long after the latest failure the next attempt in a scope must wait, given the failures counted in
 * it: nothing within the free attempts, then firstDelayMs, doubling with each failure, at most maxDelayMs.
 */
export function signInDelayMs(scope: TSignInThrottleScope, failures: number): number {
  const free = SIGN_IN_THROTTLE.freeFailures[scope];
  if (failures < free) return 0;
  // Bounded exponent: past a few doublings the cap applies anyway.
  const doublings = Math.min(failures - free, 30);
  return Math.min(SIGN_IN_THROTTLE.maxDelayMs, SIGN_IN_THROTTLE.firstDelayMs * 2 ** doublings);
}

/** The mail the account's owner gets when a scope starts to be slowed down. */
export function signInThrottledMail(input: {
  readonly companyName: string;
  readonly email: string;
  readonly scope: TSignInThrottleScope;
  readonly ip: string;
}): { subject: string; text: string } {
  const where =
    input.scope === 'account'
      ? 'from several addresses'
      : input.scope === 'device'
        ? 'from a browser you signed in with before'
        : `from the address ${input.ip}`;
  return {
    subject: `${input.companyName}: sign-in attempts on your account are being slowed down`,
    text: [
      `Someone tried to sign in to your ${input.companyName} account (${input.email}) with a wrong password or sign-in code several times, ${where}.`,
      'To protect your account, further attempts like these now have to wait longer after each failure.',
      '',
      'You can still sign in with your password from a browser or device you have signed in with before.',
      'If this was you, wait a few minutes and try again. If it was not you, tell your administrator: they can lift the slow-down at once, and you may want to change your password.',
    ].join('\n'),
  };
}
