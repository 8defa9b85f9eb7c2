/**
 * Multi-factor sign-in as the embedded pool speaks it (issue 20 §4): Cognito's MFA type names on the wire,
 * Amplify's short names in the web app.
 */
export const MFA_TYPES = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] as const;
export type TMfaType = (typeof MFA_TYPES)[number];

/** Amplify's names for the same methods (`allowedMFATypes`, `confirmSignIn({challengeResponse: 'TOTP'})`). */
export const AMPLIFY_MFA_NAMES = { SOFTWARE_TOKEN_MFA: 'TOTP', EMAIL_OTP: 'EMAIL' } as const satisfies Record<
  TMfaType,
  string
>;

export function isMfaType(value: unknown): value is TMfaType {
  return typeof value === 'string' && (MFA_TYPES as readonly string[]).includes(value);
}

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step either side of now are accepted, for clocks that drift a little. */
export const TOTP_WINDOW_STEPS = 1;
/** Digits of a code sent by e-mail. */
export const EMAIL_OTP_DIGITS = 6;
/** Wrong codes one challenge tolerates before the sign-in must start again. */
export const MFA_MAX_ATTEMPTS = 5;
