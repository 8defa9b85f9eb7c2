import {
  type CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { bearerRequest } from './support/idp-client.ts';
import { cognitoClient, createListeningPool, rejection } from './support/listening-pool.ts';
import { TEST_PASSWORD, type TTestApp } from './support/test-app.ts';

const CLIENT_ID = 'loupe-web';

/** Proves the wire protocol with a client nobody here wrote: the AWS SDK, pointed at a listening server. */
describe.each(TEST_DATABASES)('embedded identity provider with the AWS SDK on %s', (database) => {
  let t: TTestApp;
  let cognito: CognitoIdentityProviderClient;
  beforeAll(async () => {
    let endpoint: string;
    ({ t, endpoint } = await createListeningPool(database));
    cognito = cognitoClient(endpoint);
  });
  afterAll(async () => {
    cognito?.destroy();
    await t.close();
  });

  const signIn = (email: string, password = TEST_PASSWORD) =>
    cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  const authenticate = (idToken: string) => t.app.loupe.authenticate(bearerRequest(idToken));

  it('signs in, rotates the refresh token, reads the user and revokes the session', async () => {
    const user = await t.createUser({ role: 'manager', firstName: 'Grace', lastName: 'Hopper' });
    const signedIn = await signIn(user.email);
    expect(signedIn.$metadata.httpStatusCode).toBe(200);
    const tokens = signedIn.AuthenticationResult;
    expect(tokens).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 900 });
    if (!tokens?.IdToken || !tokens.AccessToken || !tokens.RefreshToken) throw new Error('tokens missing');
    expect(decodeJwt(tokens.IdToken)).toMatchObject({
      sub: user.id,
      email: user.email,
      'custom:role': 'manager',
    });

    const refreshed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ RefreshToken: tokens.RefreshToken, ClientId: CLIENT_ID }),
    );
    const next = refreshed.AuthenticationResult;
    expect(next?.RefreshToken).toEqual(expect.any(String));
    expect(next?.RefreshToken).not.toBe(tokens.RefreshToken);
    if (!next?.AccessToken || !next.IdToken || !next.RefreshToken) throw new Error('tokens missing');

    const described = await cognito.send(new GetUserCommand({ AccessToken: next.AccessToken }));
    expect(described.Username).toBe(user.id);
    expect(described.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Grace' },
        { Name: 'custom:role', Value: 'manager' },
      ]),
    );

    await cognito.send(new RevokeTokenCommand({ Token: next.RefreshToken, ClientId: CLIENT_ID }));
    await expect(authenticate(next.IdToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const error = await rejection(
      cognito.send(
        new GetTokensFromRefreshTokenCommand({ RefreshToken: next.RefreshToken, ClientId: CLIENT_ID }),
      ),
    );
    expect(error).toBeInstanceOf(NotAuthorizedException);
  });

  it('refreshes with REFRESH_TOKEN_AUTH', async () => {
    const user = await t.createUser({ role: 'qa' });
    const tokens = (await signIn(user.email)).AuthenticationResult;
    const refreshed = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: tokens?.RefreshToken ?? '' },
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
  });

  it('completes NEW_PASSWORD_REQUIRED with the same password and a name', async () => {
    const user = await t.createUser({
      role: 'production',
      mustChangePassword: true,
      firstName: '',
      lastName: '',
    });
    const challenge = await signIn(user.email);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.ChallengeParameters).toMatchObject({
      USER_ID_FOR_SRP: user.id,
      requiredAttributes: '[]',
    });
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: CLIENT_ID,
        Session: challenge.Session,
        ChallengeResponses: {
          USERNAME: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? '',
          NEW_PASSWORD: TEST_PASSWORD,
          'userAttributes.name': 'Jane',
        },
      }),
    );
    expect(decodeJwt(answered.AuthenticationResult?.IdToken ?? '')).toMatchObject({
      sub: user.id,
      name: 'Jane',
    });
  });

  it('ends every session of the user on GlobalSignOut', async () => {
    const user = await t.createUser({ role: 'designer' });
    const first = (await signIn(user.email)).AuthenticationResult;
    const second = (await signIn(user.email)).AuthenticationResult;
    await cognito.send(new GlobalSignOutCommand({ AccessToken: first?.AccessToken }));
    for (const tokens of [first, second]) {
      await expect(authenticate(tokens?.IdToken ?? '')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    const error = await rejection(cognito.send(new GetUserCommand({ AccessToken: second?.AccessToken })));
    expect(error.name).toBe('NotAuthorizedException');
  });

  it('surfaces Cognito errors as the SDK exception classes', async () => {
    const user = await t.createUser({ role: 'qa' });
    const unverified = await t.createUser({ role: 'qa', emailVerified: false });
    // Thunks: each call starts only when its turn comes, so no rejection goes unhandled meanwhile.
    const cases: [() => Promise<unknown>, string, string | undefined][] = [
      [
        () => signIn(user.email, 'a wrong password'),
        'NotAuthorizedException',
        'Incorrect username or password.',
      ],
      [() => signIn('nobody@loupe.test'), 'NotAuthorizedException', 'Incorrect username or password.'],
      [() => signIn(unverified.email), 'UserNotConfirmedException', 'User is not confirmed.'],
      [
        () =>
          cognito.send(
            new InitiateAuthCommand({
              AuthFlow: 'USER_PASSWORD_AUTH',
              ClientId: 'not-our-client',
              AuthParameters: { USERNAME: user.email, PASSWORD: TEST_PASSWORD },
            }),
          ),
        'ResourceNotFoundException',
        undefined,
      ],
      [
        () =>
          cognito.send(
            new InitiateAuthCommand({ AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: {} }),
          ),
        'InvalidParameterException',
        'USER_SRP_AUTH flow not enabled for this client',
      ],
    ];
    for (const [call, name, message] of cases) {
      const error = await rejection(call());
      expect(error.name).toBe(name);
      expect(error.$metadata.httpStatusCode).toBe(400);
      if (message) expect(error.message).toBe(message);
    }
  });

  it('surfaces the per-account throttle as TooManyRequestsException', async () => {
    const user = await t.createUser({ role: 'qa' });
    for (let attempt = 0; attempt < 10; attempt += 1) await rejection(signIn(user.email, `wrong ${attempt}`));
    const error = await rejection(signIn(user.email));
    expect(error.name).toBe('TooManyRequestsException');
    expect(error.$metadata.httpStatusCode).toBe(429);
  });
});
