import { describe, expect, it } from 'vitest';
import {
  AppError,
  ERROR_CODES,
  ERROR_MESSAGES,
  IDENTITY_EXCEPTIONS,
  isIdentityException,
  normalizeApiError,
  ZApiErrorSchema,
  ZErrorCodeSchema,
} from './errors';

describe('ERROR_MESSAGES (spec §8)', () => {
  it('holds every catalogue string exactly', () => {
    expect(Object.values(ERROR_MESSAGES)).toEqual(
      expect.arrayContaining([
        'Failed to get ID token after login',
        'Failed to get user profile from backend',
        'Please verify your email address before logging in. Check your inbox for the verification code.',
        'Invalid credentials',
        'Registration failed',
        'Failed to update profile',
        'Failed to change password',
        'Failed to request password reset',
        'Failed to reset password',
        'Failed to verify email',
        'Failed to resend verification email',
        'An error occurred',
        'Oops! Something went wrong',
        'Access Denied',
        "You don't have permission to view this dashboard.",
      ]),
    );
  });

  it('words the additional-steps sign-in failure', () => {
    expect(ERROR_MESSAGES.signInRequiresAdditionalSteps).toMatch(/additional steps/);
  });

  it('holds each string once', () => {
    const values = Object.values(ERROR_MESSAGES);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('IDENTITY_EXCEPTIONS', () => {
  it('lists the sixteen identity-service exceptions of spec §8', () => {
    expect(IDENTITY_EXCEPTIONS).toHaveLength(16);
    expect(IDENTITY_EXCEPTIONS).toContain('UserAlreadyAuthenticatedException');
    expect(IDENTITY_EXCEPTIONS).toContain('InvalidUserPoolId');
    expect(IDENTITY_EXCEPTIONS).toContain('UsernameExistsException');
  });

  it.each([
    ['NotAuthorizedException', true],
    ['ExpiredCodeException', true],
    ['NotAnException', false],
    ['', false],
    [undefined, false],
  ])('recognises %j: %s', (name, expected) => {
    expect(isIdentityException(name)).toBe(expected);
  });
});

describe('ERROR_CODES', () => {
  it.each([
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['CSRF_INVALID', 403],
    ['RATE_LIMITED', 429],
    ['EMAIL_NOT_VERIFIED', 403],
    ['INVALID_CREDENTIALS', 400],
    ['ACCOUNT_DISABLED', 401],
    ['REGISTRATION_CLOSED', 403],
    ['PASSWORD_TOO_COMMON', 400],
    ['PASSWORD_INVALID', 400],
    ['CODE_INVALID', 400],
    ['CODE_EXPIRED', 400],
    ['DEVICE_NOT_PAIRED', 401],
    ['TRACKING_LINK_NOT_FOUND', 404],
    ['URL_NOT_ALLOWED', 400],
    ['SECRET_REQUIRED', 400],
    ['IDEMPOTENCY_KEY_INVALID', 400],
    ['IDEMPOTENCY_KEY_REUSED', 422],
    ['IDEMPOTENT_REQUEST_IN_PROGRESS', 409],
    ['LOCALE_UNKNOWN', 400],
    ['WORK_NOT_YOURS', 403],
    ['WORK_UNDO_EXPIRED', 409],
    ['MATERIALS_NOT_ON_HAND', 409],
    ['MATERIALS_NOT_AT_BENCH', 409],
    ['MATERIALS_NOT_ACCOUNTED', 409],
    ['SAFE_NOT_CHOSEN', 409],
    ['SAFE_COUNT_CONFLICT', 409],
    ['WEBHOOK_NOT_FOUND', 404],
    ['WEBHOOK_DISABLED', 409],
    ['WEBHOOK_DELIVERY_PENDING', 409],
    ['EPCIS_QUERY_INVALID', 400],
    ['EPCIS_EXPORT_TOO_LARGE', 413],
    ['EPCIS_CAPTURE_NOT_CONFIGURED', 409],
    ['LLRP_UNREACHABLE', 422],
    ['LLRP_PROTOCOL', 422],
    ['READER_NOT_LLRP', 409],
    ['TRANSFER_NOT_FOUND', 404],
    ['TRANSFER_ITEM_NOT_FOUND', 404],
    ['TRANSFER_SAME_LOCATION', 422],
    ['TRANSFER_NOT_PACKING', 409],
    ['TRANSFER_EMPTY', 422],
    ['TRANSFER_ITEM_IN_OPEN_BAG', 409],
    ['TRANSFER_NOT_IN_TRANSIT', 409],
    ['TRANSFER_VENDOR_DATE_REQUIRED', 422],
    ['INTERNAL', 500],
  ] as const)('answers %s with %i by default', (code, status) => {
    expect(ERROR_CODES[code]).toBe(status);
    expect(ZErrorCodeSchema.parse(code)).toBe(code);
  });

  it('rejects an unknown code', () => {
    expect(ZErrorCodeSchema.safeParse('TEAPOT').success).toBe(false);
  });
});

describe('AppError', () => {
  it('takes the default status of its code', () => {
    const error = new AppError('NOT_FOUND', 'Order not found');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'AppError',
      code: 'NOT_FOUND',
      status: 404,
      message: 'Order not found',
    });
    expect(error.details).toBeUndefined();
    expect(error.cause).toBeUndefined();
  });

  it('keeps an explicit status, details and cause', () => {
    const cause = new Error('unique violation');
    const error = new AppError('CONFLICT', 'EPC already assigned', {
      status: 422,
      details: { epc: 'E2' },
      cause,
    });
    expect(error).toMatchObject({ status: 422, details: { epc: 'E2' }, cause });
  });
});

describe('normalizeApiError (spec §8)', () => {
  it('uses the server message and keeps code, details and correlation id', () => {
    const error = normalizeApiError({
      serverBody: { message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED', details: { field: 'email' } },
      status: 403,
      clientMessage: 'Registration failed',
      correlationId: 'abc',
    });
    expect(error).toEqual({
      message: 'Email not verified',
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      details: { field: 'email' },
      correlationId: 'abc',
    });
    expect(ZApiErrorSchema.parse(error)).toEqual(error);
  });

  it.each([
    ['no body', undefined],
    ['a body without a message', { code: 'X' }],
    ['an empty server message', { message: '' }],
    ['a blank server message', { message: '   ' }],
    ['a non-string server message', { message: 42 }],
    ['a text body', 'Bad Gateway'],
    ['an array body', [{ message: 'no' }]],
    ['a null body', null],
  ])('falls back to the client message when the server gives %s', (_label, serverBody) => {
    expect(
      normalizeApiError({ serverBody, status: 502, clientMessage: 'Failed to verify email' }).message,
    ).toBe('Failed to verify email');
  });

  it.each([
    ['no client message', undefined],
    ['a null client message', null],
    ['an empty client message', ''],
  ])("falls back to 'An error occurred' with %s", (_label, clientMessage) => {
    expect(normalizeApiError({ status: 0, clientMessage })).toEqual({
      message: 'An error occurred',
      status: 0,
    });
  });

  it("prefers the server's correlation id and falls back to the request's", () => {
    expect(
      normalizeApiError({ serverBody: { correlationId: 'srv' }, status: 500, correlationId: 'req' }),
    ).toEqual(expect.objectContaining({ correlationId: 'srv' }));
    expect(normalizeApiError({ serverBody: {}, status: 500, correlationId: 'req' }).correlationId).toBe(
      'req',
    );
    expect(normalizeApiError({ status: 500, correlationId: null })).not.toHaveProperty('correlationId');
  });

  it('leaves out a code that is not a non-empty string', () => {
    expect(normalizeApiError({ serverBody: { code: 7 }, status: 400 })).not.toHaveProperty('code');
  });
});

describe('ZApiErrorSchema', () => {
  it.each([
    ['a negative status', { message: 'x', status: -1 }],
    ['a status above 599', { message: 'x', status: 600 }],
    ['no message', { status: 500 }],
  ])('rejects %s', (_label, value) => {
    expect(ZApiErrorSchema.safeParse(value).success).toBe(false);
  });
});
