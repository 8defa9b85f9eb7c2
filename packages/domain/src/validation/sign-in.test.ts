import { describe, expect, it } from 'vitest';
import {
  assertConfirmSignInInput,
  assertSignInInput,
  isValidIdentityPoolId,
  isValidUserPoolId,
  SignInValidationError,
  validateConfirmSignInInput,
  validateSignInInput,
  ZMfaChoiceSchema,
} from './sign-in';

describe('sign-in validation (spec §5)', () => {
  it.each([
    ['no username', { password: 'secret' }, 'username is required to signIn'],
    ['an empty username', { username: '', password: 'secret' }, 'username is required to signIn'],
    ['a blank username', { username: '   ', password: 'secret' }, 'username is required to signIn'],
    ['a null username', { username: null, password: 'secret' }, 'username is required to signIn'],
    ['neither field', {}, 'username is required to signIn'],
    ['no password', { username: 'ana@example.com' }, 'password is required to signIn'],
    ['an empty password', { username: 'ana@example.com', password: '' }, 'password is required to signIn'],
    ['both fields', { username: 'ana@example.com', password: 'secret' }, null],
    ['a password of spaces', { username: 'ana@example.com', password: '   ' }, null],
  ])('reports %s with the spec message', (_label, input, expected) => {
    expect(validateSignInInput(input)).toBe(expected);
  });

  it('throws a typed error carrying the message, the field and the code', () => {
    const error = (() => {
      try {
        assertSignInInput({ username: 'ana@example.com' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SignInValidationError);
    expect(error).toMatchObject({
      name: 'SignInValidationError',
      message: 'password is required to signIn',
      field: 'password',
      code: 'EmptySignInPassword',
    });
  });

  it('throws for a missing username before looking at the password', () => {
    expect(() => assertSignInInput({})).toThrowError(
      expect.objectContaining({ field: 'username', code: 'EmptySignInUsername' }),
    );
  });

  it('does not throw for valid input', () => {
    expect(() => assertSignInInput({ username: 'ana', password: 'secret' })).not.toThrow();
  });

  it.each([
    ['no challenge response', {}, 'challengeResponse is required to confirmSignIn'],
    [
      'an empty challenge response',
      { challengeResponse: '' },
      'challengeResponse is required to confirmSignIn',
    ],
    ['a code', { challengeResponse: '123456' }, null],
    ['a new password with spaces', { challengeResponse: ' new pass ' }, null],
  ])('reports confirming with %s', (_label, input, expected) => {
    expect(validateConfirmSignInInput(input)).toBe(expected);
  });

  it('throws a typed error when confirming without a challenge response', () => {
    expect(() => assertConfirmSignInInput({ challengeResponse: null })).toThrowError(
      expect.objectContaining({
        message: 'challengeResponse is required to confirmSignIn',
        field: 'challengeResponse',
        code: 'EmptyChallengeResponse',
      }),
    );
    expect(() => assertConfirmSignInInput({ challengeResponse: '123456' })).not.toThrow();
  });
});

describe('ZMfaChoiceSchema', () => {
  it.each(['SMS', 'TOTP', 'EMAIL'])('accepts %s', (choice) => {
    expect(ZMfaChoiceSchema.parse(choice)).toBe(choice);
  });

  it.each(['sms', 'PUSH', '', 'WEBAUTHN'])('rejects %j', (choice) => {
    expect(ZMfaChoiceSchema.safeParse(choice).success).toBe(false);
  });
});

describe('pool ids', () => {
  it.each([
    ['us-east-1_AbCdEf123', true],
    ['us-east-1AbCdEf123', false],
    ['us-east-1:0f1e2d3c', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('user pool id %j is valid: %s', (id, expected) => {
    expect(isValidUserPoolId(id)).toBe(expected);
  });

  it.each([
    ['us-east-1:1a2b3c4d-0000-1111-2222-333344445555', true],
    ['us-east-1_1a2b3c4d', false],
    ['', false],
    [null, false],
  ])('identity pool id %j is valid: %s', (id, expected) => {
    expect(isValidIdentityPoolId(id)).toBe(expected);
  });
});
