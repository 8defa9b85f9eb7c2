import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** The sign-in validation messages of spec §5, quoted exactly. */
export const SIGN_IN_VALIDATION_MESSAGES = {
  usernameRequired: 'username is required to signIn',
  passwordRequired: 'password is required to signIn',
  challengeResponseRequired: 'challengeResponse is required to confirmSignIn',
} as const;

/** Codes named as the identity client (Amplify's AuthValidationErrorCode) names them. */
export const SIGN_IN_VALIDATION_CODES = {
  username: 'EmptySignInUsername',
  password: 'EmptySignInPassword',
  challengeResponse: 'EmptyChallengeResponse',
} as const;

export type TSignInField = keyof typeof SIGN_IN_VALIDATION_CODES;
export type TSignInValidationMessage =
  (typeof SIGN_IN_VALIDATION_MESSAGES)[keyof typeof SIGN_IN_VALIDATION_MESSAGES];

export class SignInValidationError extends Error {
  override readonly name = 'SignInValidationError';
  readonly field: TSignInField;
  readonly code: (typeof SIGN_IN_VALIDATION_CODES)[TSignInField];

  constructor(field: TSignInField, message: TSignInValidationMessage) {
    super(message);
    this.field = field;
    this.code = SIGN_IN_VALIDATION_CODES[field];
  }
}

export type TSignInInput = { readonly username?: string | null; readonly password?: string | null };
export type TConfirmSignInInput = { readonly challengeResponse?: string | null };

type TValidationFailure = { readonly field: TSignInField; readonly message: TSignInValidationMessage };

function signInFailure(input: TSignInInput): TValidationFailure | null {
  // A username of only spaces names nobody; a password is taken as typed, spaces included.
  if (!input.username?.trim()) {
    return { field: 'username', message: SIGN_IN_VALIDATION_MESSAGES.usernameRequired };
  }
  if (!input.password) return { field: 'password', message: SIGN_IN_VALIDATION_MESSAGES.passwordRequired };
  return null;
}

function confirmFailure(input: TConfirmSignInInput): TValidationFailure | null {
  // The response may be a new password (NEW_PASSWORD_REQUIRED), so it is not trimmed either.
  if (!input.challengeResponse) {
    return { field: 'challengeResponse', message: SIGN_IN_VALIDATION_MESSAGES.challengeResponseRequired };
  }
  return null;
}

/** The first spec §5 message the sign-in input fails, or null when it is valid. */
export function validateSignInInput(input: TSignInInput): TSignInValidationMessage | null {
  return signInFailure(input)?.message ?? null;
}

/** Throws SignInValidationError with the spec §5 message when the sign-in input is invalid. */
export function assertSignInInput(
  input: TSignInInput,
): asserts input is { username: string; password: string } {
  const failure = signInFailure(input);
  if (failure) throw new SignInValidationError(failure.field, failure.message);
}

/** The spec §5 message when confirming sign-in without a challenge response, or null. */
export function validateConfirmSignInInput(input: TConfirmSignInInput): TSignInValidationMessage | null {
  return confirmFailure(input)?.message ?? null;
}

export function assertConfirmSignInInput(
  input: TConfirmSignInInput,
): asserts input is { challengeResponse: string } {
  const failure = confirmFailure(input);
  if (failure) throw new SignInValidationError(failure.field, failure.message);
}

/** MFA choice of spec §5. */
export const ZMfaChoiceSchema = lazySchema(() => z.enum(['SMS', 'TOTP', 'EMAIL']));
export type TMfaChoice = z.infer<typeof ZMfaChoiceSchema>;

/** Spec §5: a user pool id must contain an underscore (it is `<region>_<id>`). */
export function isValidUserPoolId(value: unknown): value is string {
  return typeof value === 'string' && value.includes('_');
}

/** Spec §5: an identity pool id must contain a colon (it is `<region>:<uuid>`). */
export function isValidIdentityPoolId(value: unknown): value is string {
  return typeof value === 'string' && value.includes(':');
}
