/** An Amazon Cognito error as the user-pool JSON protocol sends it: `{__type, message}`. */
export class IdpError extends Error {
  override readonly name = 'IdpError';

  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

// Cognito answers unknown users and wrong passwords identically (prevent user existence errors).
export const incorrectCredentials = () =>
  new IdpError('NotAuthorizedException', 'Incorrect username or password.');
export const invalidParameter = (message: string) => new IdpError('InvalidParameterException', message);

/** ResourceNotFoundException unless `clientId` is the pool's app client. */
export function assertClientId(clientId: unknown, expected: string): void {
  if (clientId !== expected) {
    throw new IdpError('ResourceNotFoundException', `User pool client ${String(clientId)} does not exist.`);
  }
}

/** A challenge session that is expired, spent, forged or not of the expected challenge. */
export const invalidSession = () =>
  new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
