import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/** The error object of spec §3/§8, as the server sends it and as the web client normalises every failure to. */
export const ZApiErrorSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    // 0 when no response arrived (network failure).
    status: z.number().int().min(0).max(599),
    code: z.string().optional(),
    details: z.unknown().optional(),
    correlationId: z.string().optional(),
  }),
);
export type TApiError = z.infer<typeof ZApiErrorSchema>;

/**
 * The `details` of every VALIDATION_FAILED answer, one shape for forms and readers alike (issue 21 §6):
 * each issue names where it is (`body.email`, `query.limit`, `body[2]` for the third event of a reader's
 * payload) and what is wrong with it.
 */
export const ZValidationDetailsSchema = lazySchema(() =>
  z.object({
    issues: z.array(z.object({ field: z.string(), message: z.string() })),
  }),
);
export type TValidationDetails = z.infer<typeof ZValidationDetailsSchema>;

/** The user-facing strings of spec §8 (and the access-denied and error-screen strings of §1–§2), quoted once. */
export const ERROR_MESSAGES = {
  // Login (§8).
  missingIdToken: 'Failed to get ID token after login',
  missingProfile: 'Failed to get user profile from backend',
  emailNotVerified:
    'Please verify your email address before logging in. Check your inbox for the verification code.',
  invalidCredentials: 'Invalid credentials',
  // §4 step 5 says only that sign-in "requires additional steps"; this wording is ours.
  signInRequiresAdditionalSteps: 'Sign-in requires additional steps that are not supported here.',
  // Fallbacks when the server gives no message (§8).
  registrationFailed: 'Registration failed',
  updateProfileFailed: 'Failed to update profile',
  changePasswordFailed: 'Failed to change password',
  requestPasswordResetFailed: 'Failed to request password reset',
  resetPasswordFailed: 'Failed to reset password',
  verifyEmailFailed: 'Failed to verify email',
  resendVerificationFailed: 'Failed to resend verification email',
  // The last resort of normalizeApiError (§8).
  generic: 'An error occurred',
  // Generic error screen (§2) and the workflow dashboard's access-denied state (§1).
  somethingWentWrong: 'Oops! Something went wrong',
  accessDenied: 'Access Denied',
  noDashboardPermission: "You don't have permission to view this dashboard.",
} as const;
export type TErrorMessageKey = keyof typeof ERROR_MESSAGES;

/** Exception names the identity service reports (spec §8). */
export const IDENTITY_EXCEPTIONS = [
  'UserUnAuthenticatedException',
  'UserAlreadyAuthenticatedException',
  'NoSessionFoundException',
  'InvalidUserPoolId',
  'InvalidIdentityPoolIdException',
  'SignInException',
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
  'TooManyRequestsException',
  'InvalidPasswordException',
  'UsernameExistsException',
] as const;
export type TIdentityException = (typeof IDENTITY_EXCEPTIONS)[number];

export function isIdentityException(name: unknown): name is TIdentityException {
  return typeof name === 'string' && (IDENTITY_EXCEPTIONS as readonly string[]).includes(name);
}

/**
 * Stable server error codes and the HTTP status each answers with by default. Spec §8 shows only
 * EMAIL_NOT_VERIFIED; the rest are Loupe's own, part of the API contract: never rename one.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // A missing or wrong X-CSRF-Token on a mutating request (§7).
  CSRF_INVALID: 403,
  RATE_LIMITED: 429,
  // Signed in, but the account may not be used until the e-mail is verified (§5, §8).
  EMAIL_NOT_VERIFIED: 403,
  // 400, not 401: a wrong current password must not make the client refresh its tokens and retry.
  INVALID_CREDENTIALS: 400,
  // 401: the session is over; the client's refresh then fails and it returns to /login.
  ACCOUNT_DISABLED: 401,
  REGISTRATION_CLOSED: 403,
  PASSWORD_TOO_COMMON: 400,
  PASSWORD_INVALID: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  // Uploads (issue 5): an image over IMAGE_MAX_BYTES, or bytes that are not one of IMAGE_CONTENT_TYPES.
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  // A reader's payload of more reads than RFID_MAX_READS_PER_PAYLOAD: refused whole, before any is read.
  TOO_MANY_READS: 413,
  // A station TV whose credential is unknown, expired before pairing, or revoked: it goes back to /tv-setup.
  DEVICE_NOT_PAIRED: 401,
  // A public tracking link (/t/{token}) that never existed or was revoked: one answer for both (issue 15 §6).
  TRACKING_LINK_NOT_FOUND: 404,
  // A design approval link (issue 17 §3) never issued or revoked: one answer for both, as for tracking links.
  DESIGN_APPROVAL_LINK_NOT_FOUND: 404,
  // Issue 35 §7: a real approval link whose order is delivered or cancelled, or whose revision a newer one sent
  // replaced; details.reason is one of APPROVAL_LINK_EXPIRY_REASONS.
  DESIGN_APPROVAL_LINK_EXPIRED: 410,
  // The customer already answered this revision: a second approval or change request is refused.
  DESIGN_DECISION_ALREADY_MADE: 409,
  // Issue 34 §2: an outbound address (SMS or AI provider…) that spec §5's URL check refuses — localhost, an IP,
  // a private network — without the provider's on-premises opt-in; details.issues names the field.
  URL_NOT_ALLOWED: 400,
  // A provider's address changed while a secret is stored for the old one and no new secret came with it:
  // the secret is bound to the address it was entered for, so it must be entered again.
  SECRET_REQUIRED: 400,
  // Issue 36 §5: an Idempotency-Key that is not 8–128 letters, digits, '-' or '_'.
  IDEMPOTENCY_KEY_INVALID: 400,
  // The key was used before for another request (another route or body): a client bug, never replayed.
  IDEMPOTENCY_KEY_REUSED: 422,
  // The first request with this key is still being worked on; the answer comes once it is done.
  IDEMPOTENT_REQUEST_IN_PROGRESS: 409,
  // Issue 35 §5: a workshop locale that is not a BCP 47 tag this server knows (Settings › general);
  // details.issues names the field.
  LOCALE_UNKNOWN: 400,
  // Issue 37 §3: a timer on someone else's step; only its assignee or a manager starts or stops it.
  WORK_NOT_YOURS: 403,
  // The few seconds to undo a tap on a timer have passed, it was undone already, or what followed it stands.
  WORK_UNDO_EXPIRED: 409,
  // Issue 37 §4: more of a job's stones or metal asked for than is on hand, or than that bench holds.
  MATERIALS_NOT_ON_HAND: 409,
  MATERIALS_NOT_AT_BENCH: 409,
  // Delivering a job whose received materials are not all checked out, used in the work or explained.
  MATERIALS_NOT_ACCOUNTED: 409,
  // Issue 37 §5: a count at a location with no station chosen as its safe.
  SAFE_NOT_CHOSEN: 409,
  // A count is already running at the location, or the count to finish has finished.
  SAFE_COUNT_CONFLICT: 409,
  // Issue 41: a webhook subscription or delivery that does not exist (or was deleted).
  WEBHOOK_NOT_FOUND: 404,
  // A test event or replay for a webhook that is turned off (by an admin, or after 24 h of failures).
  WEBHOOK_DISABLED: 409,
  // A replay of a delivery still being sent: it is on its way already.
  WEBHOOK_DELIVERY_PENDING: 409,
  // Issue 41 (EPCIS): a query filter or page token GET /epcis/events does not understand (the REST binding's
  // QueryParameterException); details.issues names the parameter.
  EPCIS_QUERY_INVALID: 400,
  // An export whose range holds more events than one document may carry: ask for a shorter range.
  EPCIS_EXPORT_TOO_LARGE: 413,
  // A capture test before an EPCIS repository address is saved.
  EPCIS_CAPTURE_NOT_CONFIGURED: 409,
  // Issue 40: an LLRP reader that refused the connection or did not answer in time (details name host:port).
  // 422, not 5xx: the address given does not work; Loupe itself is fine (no input may make it answer 5xx).
  LLRP_UNREACHABLE: 422,
  // Something answered at that address, but not as an LLRP reader (no capabilities, or bytes that are not LLRP).
  LLRP_PROTOCOL: 422,
  // LLRP settings for a reader whose kind is not llrp.
  READER_NOT_LLRP: 409,
  // Issue 39: transfers between locations. A bag (or an envelope on its manifest) that does not exist.
  TRANSFER_NOT_FOUND: 404,
  TRANSFER_ITEM_NOT_FOUND: 404,
  // A bag from a location to itself.
  TRANSFER_SAME_LOCATION: 422,
  // Packing, unpacking or cancelling a bag that has been sent (or closed, or cancelled).
  TRANSFER_NOT_PACKING: 409,
  // Sending a bag with nothing in it.
  TRANSFER_EMPTY: 422,
  // An envelope already in another open bag (details name the bag).
  TRANSFER_ITEM_IN_OPEN_BAG: 409,
  // Receiving or closing a bag that is not on its way.
  TRANSFER_NOT_IN_TRANSIT: 409,
  // A bag to an outside vendor sent without the date it is due back.
  TRANSFER_VENDOR_DATE_REQUIRED: 422,
  // Issue 39 §2: a job's intake or pickup location that does not exist or is an outside vendor; details.issues
  // names the field (intakeLocationId, pickupLocationId).
  JOB_LOCATION_INVALID: 422,
  INTERNAL: 500,
} as const satisfies Record<string, number>;

export type TErrorCode = keyof typeof ERROR_CODES;
export const ZErrorCodeSchema = lazySchema(() =>
  z.enum(Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]]),
);

export type TAppErrorOptions = {
  readonly status?: number;
  readonly details?: unknown;
  readonly cause?: unknown;
};

/** The one error type of Loupe (docs/architecture.md): a stable code, a message, and the default status of the code. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: TErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: TErrorCode, message: string, options: TAppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code];
    this.details = options.details;
  }
}

export type TNormalizeApiErrorInput = {
  /** The parsed response body, whatever it is. */
  readonly serverBody?: unknown;
  readonly status: number;
  /** The caller's fallback, e.g. ERROR_MESSAGES.registrationFailed. */
  readonly clientMessage?: string | null;
  /** The X-Correlation-ID the request carried. */
  readonly correlationId?: string | null;
};

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Spec §8: message = server message, else client message, else 'An error occurred'; with status, code,
 * details and correlationId. Only an object body's `message` counts as a server message — a text body may
 * be a proxy's HTML page, which no user should read.
 */
export function normalizeApiError(input: TNormalizeApiErrorInput): TApiError {
  const body =
    typeof input.serverBody === 'object' && input.serverBody !== null && !Array.isArray(input.serverBody)
      ? (input.serverBody as Record<string, unknown>)
      : {};
  const message =
    nonEmptyString(body.message) ?? nonEmptyString(input.clientMessage) ?? ERROR_MESSAGES.generic;
  const error: TApiError = { message, status: input.status };
  const code = nonEmptyString(body.code);
  if (code !== undefined) error.code = code;
  if (body.details !== undefined) error.details = body.details;
  // The server echoes the request's id; prefer what it logged under, should the two ever differ.
  const correlationId = nonEmptyString(body.correlationId) ?? nonEmptyString(input.correlationId);
  if (correlationId !== undefined) error.correlationId = correlationId;
  return error;
}
