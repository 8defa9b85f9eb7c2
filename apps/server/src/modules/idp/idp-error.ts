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
