import type { TMfaMethod } from '@/lib/auth/auth-client';

/** The wording of multi-factor sign-in (issue 20 §4), owned by the auth feature. */
export const MFA_STRINGS = {
  codeMismatch: 'That code is not right. Check it and try again.',
  expired: 'This sign-in has expired. Sign in again with your password.',
  methodLabels: { TOTP: 'Authenticator app', EMAIL: 'Code by e-mail' } satisfies Record<TMfaMethod, string>,
  methodHints: {
    TOTP: 'A 6-digit code from an app such as Google Authenticator, 1Password or Microsoft Authenticator.',
    EMAIL: 'A 6-digit code sent to your work e-mail address each time you sign in.',
  } satisfies Record<TMfaMethod, string>,
} as const;

/** The text to show for a failed answer to a step, and whether the sign-in must start again. */
export function stepFailureOf(error: unknown): { message: string; isExpired: boolean } {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  const name = cause instanceof Error ? cause.name : '';
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') {
    return { message: MFA_STRINGS.codeMismatch, isExpired: false };
  }
  if (name === 'NotAuthorizedException' || name === 'SignInException') {
    return { message: MFA_STRINGS.expired, isExpired: true };
  }
  return { message: error instanceof Error ? error.message : MFA_STRINGS.expired, isExpired: false };
}
