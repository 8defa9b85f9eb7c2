import { describe, expect, it } from 'vitest';
import {
  displayNameOf,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  toApplicationUser,
  ZApplicationUserSchema,
  ZRegistrationSchema,
  ZSessionSchema,
  ZUserProfileSchema,
} from './user';

const PROFILE = { id: 'u-1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva', role: 'manager' };

describe('ZUserProfileSchema', () => {
  it('parses a profile of spec §3', () => {
    expect(ZUserProfileSchema.parse({ ...PROFILE, phone: '+1 555 0100' })).toEqual({
      ...PROFILE,
      phone: '+1 555 0100',
    });
  });

  it.each([
    ['sales', 'salesperson'],
    ['designer', 'designer'],
    ['wizard', 'salesperson'],
    [undefined, 'salesperson'],
    [7, 'salesperson'],
  ])('coerces the role %s to %s', (role, expected) => {
    expect(ZUserProfileSchema.parse({ ...PROFILE, role }).role).toBe(expected);
  });

  it('treats a missing or null phone as absent', () => {
    expect(ZUserProfileSchema.parse(PROFILE).phone).toBeUndefined();
    expect(ZUserProfileSchema.parse({ ...PROFILE, phone: null }).phone).toBeUndefined();
  });

  it('defaults missing first and last names to empty strings', () => {
    const { firstName: _f, lastName: _l, ...rest } = PROFILE;
    expect(ZUserProfileSchema.parse(rest)).toMatchObject({ firstName: '', lastName: '' });
  });

  it.each([
    ['an empty id', { ...PROFILE, id: '' }],
    ['an invalid email', { ...PROFILE, email: 'not-an-email' }],
    ['no email', { ...PROFILE, email: undefined }],
  ])('rejects %s', (_label, input) => {
    expect(ZUserProfileSchema.safeParse(input).success).toBe(false);
  });
});

describe('toApplicationUser (spec §3)', () => {
  const profile = ZUserProfileSchema.parse(PROFILE);

  it('builds the application user with department always null', () => {
    const user = toApplicationUser(profile);
    expect(user).toEqual({
      id: 'u-1',
      name: 'Ana Silva',
      email: 'ana@example.com',
      role: 'manager',
      department: null,
    });
    expect(ZApplicationUserSchema.parse(user)).toEqual(user);
  });

  it('prefers an explicit name', () => {
    expect(toApplicationUser(profile, { name: '  Ana  Maria ' }).name).toBe('Ana Maria');
  });

  it.each([
    ['no name', {}],
    ['a null name', { name: null }],
    ['a blank name', { name: '  ' }],
  ])('falls back to first and last name joined when given %s', (_label, options) => {
    expect(toApplicationUser(profile, options).name).toBe('Ana Silva');
  });

  it.each([
    [' Ana ', ' Silva ', 'Ana Silva'],
    ['Ana', '', 'Ana'],
    ['', 'Silva', 'Silva'],
    ['Ana  Maria', 'da   Silva', 'Ana Maria da Silva'],
    ['', '', ''],
  ])('joins %j and %j into %j, trimmed with single spaces', (firstName, lastName, expected) => {
    expect(toApplicationUser({ ...profile, firstName, lastName }).name).toBe(expected);
  });
});

describe('ZRegistrationSchema', () => {
  const valid = {
    email: 'ana@example.com',
    password: 'correct horse',
    name: 'Ana',
    phone: '555',
    role: 'admin',
  };

  it('accepts the payload of spec §7 and trims email and name', () => {
    expect(ZRegistrationSchema.parse({ ...valid, email: ' ana@example.com ', name: ' Ana ' })).toEqual(valid);
  });

  it('keeps phone and role optional', () => {
    const { phone: _p, role: _r, ...rest } = valid;
    expect(ZRegistrationSchema.parse(rest)).toEqual(rest);
  });

  it.each([
    ['an invalid email', { email: 'ana@' }],
    ['an empty name', { name: '  ' }],
    ['a password one character too short', { password: 'a'.repeat(PASSWORD_MIN_LENGTH - 1) }],
    ['a password one character too long', { password: 'a'.repeat(PASSWORD_MAX_LENGTH + 1) }],
    ['a short password made long by surrogate pairs', { password: '😀'.repeat(PASSWORD_MIN_LENGTH - 1) }],
  ])('rejects %s', (_label, change) => {
    expect(ZRegistrationSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it.each([
    ['exactly the minimum length', 'a'.repeat(PASSWORD_MIN_LENGTH)],
    ['exactly the maximum length', 'a'.repeat(PASSWORD_MAX_LENGTH)],
    ['the maximum length in emoji (counted as code points)', '😀'.repeat(PASSWORD_MAX_LENGTH)],
    ['only lower-case letters (no composition rules)', 'abcdefgh'],
    ['spaces, kept as typed', '  pass phrase  '],
  ])('accepts a password of %s', (_label, password) => {
    expect(ZRegistrationSchema.parse({ ...valid, password }).password).toBe(password);
  });

  it('uses the OWASP bounds', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
  });
});

describe('ZSessionSchema', () => {
  const session = { idToken: 'id', accessToken: 'access', refreshToken: 'refresh', expiresIn: 3600 };

  it('parses a session with expiry in seconds', () => {
    expect(ZSessionSchema.parse(session)).toEqual(session);
  });

  it.each([
    ['an empty token', { idToken: '' }],
    ['a zero expiry', { expiresIn: 0 }],
    ['a fractional expiry', { expiresIn: 1.5 }],
    ['a missing refresh token', { refreshToken: undefined }],
  ])('rejects %s', (_label, change) => {
    expect(ZSessionSchema.safeParse({ ...session, ...change }).success).toBe(false);
  });
});

describe('displayNameOf', () => {
  it('shows the name, or the e-mail of someone who has no name yet', () => {
    expect(displayNameOf({ name: 'Ada  Lovelace ', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayNameOf({ name: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
  });
});
