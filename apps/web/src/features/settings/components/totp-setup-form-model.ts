import type { TFormParseResult } from '@/components/forms/use-form-state';

export type TTotpSetupFormValues = { code: string };
export type TTotpSetupField = keyof TTotpSetupFormValues;
export const TOTP_SETUP_FIELDS = ['code'] as const satisfies readonly TTotpSetupField[];

export const TOTP_CODE_MESSAGE = 'Enter the 6 digits the app shows';
export const CODE_MISMATCH_MESSAGE = 'That code is not right. Check the app and try again.';
const FAILURE_MESSAGE = 'Something went wrong. Try again.';

/** The code as sent: the app's 6 digits, spaces dropped (apps show them as '123 456'). */
export function parseTotpSetupForm(values: TTotpSetupFormValues): TFormParseResult<TTotpSetupField, string> {
  const digits = values.code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits)
    ? { ok: true, output: digits }
    : { ok: false, errors: { code: TOTP_CODE_MESSAGE } };
}

/** What the identity service's refusal says to the user; a wrong code is said in our words. */
export function mfaFailureMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'CodeMismatchException') return CODE_MISMATCH_MESSAGE;
  return error instanceof Error && error.message ? error.message : FAILURE_MESSAGE;
}
