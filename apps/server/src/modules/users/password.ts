import { AppError } from '@loupe/domain/errors/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@loupe/domain/users/user';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP's argon2id minimum: 19 MiB, two passes, one lane (~8 ms on a 2-core machine).
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// ~49k passwords seen most often in breaches, shipped by @zxcvbn-ts/language-common.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Throws PASSWORD_INVALID or PASSWORD_TOO_COMMON; length and a blocklist only, no composition rules (NIST 800-63B). */
export function assertAcceptablePassword(password: string, email?: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new AppError(
      'PASSWORD_INVALID',
      `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters.`,
      { details: { field: 'password' } },
    );
  }
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered) || (email !== undefined && lowered === email.toLowerCase())) {
    throw new AppError('PASSWORD_TOO_COMMON', 'This password is too common. Choose a less predictable one.', {
      details: { field: 'password' },
    });
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so that "no such user" takes as long as "wrong password".
const DUMMY_HASH = hash('loupe-timing-equaliser', ARGON2_OPTIONS);

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
