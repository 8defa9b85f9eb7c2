import { Writable } from 'node:stream';
import { AppError } from '@loupe/domain/errors/errors';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { sessions } from '../src/db/schema/users.ts';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/idp/token-sessions.ts';
import { hashPassword } from '../src/modules/users/password.ts';
import { openTestDatabase, TEST_DATABASES } from './support/databases.ts';
import { bearerRequest, callIdp, type TCognitoError } from './support/idp-client.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp, type TTokens } from './support/test-app.ts';
import { createTestClock } from './support/test-clock.ts';

const ISSUER = 'http://loupe.test/api/idp';
const CLIENT_ID = 'loupe-web';

type TChallenge = {
  ChallengeName: string;
  Session: string;
  ChallengeParameters: Record<string, string>;
};

describe.each(TEST_DATABASES)('embedded identity provider protocol on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    // The per-IP limit gets its own app below; here it must not interfere with the other rules.
    t = await createTestApp({ database, env: { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '10000' } });
  });
  afterAll(() => t.close());

  const initiateAuth = (email: string, password = TEST_PASSWORD, clientId = CLIENT_ID) =>
    callIdp(t.app, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });

  const signIn = async (email: string, password = TEST_PASSWORD): Promise<TTokens> => {
    const response = await initiateAuth(email, password);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { AuthenticationResult: TTokens }).AuthenticationResult;
  };

  const authenticate = (idToken: string) => t.app.loupe.authenticate(bearerRequest(idToken));

  const expectCognitoError = (
    response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
    type: string,
    status = 400,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toContain('application/x-amz-json-1.1');
    const body = response.json() as TCognitoError;
    expect(body).toEqual({ __type: type, message: expect.any(String) });
    return body;
  };

  const challengeFor = async (email: string): Promise<TChallenge> => {
    const response = await initiateAuth(email);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TChallenge;
  };

  const respondToNewPassword = (
    challenge: TChallenge,
    newPassword: string,
    extra: Record<string, string> = {},
  ) =>
    callIdp(t.app, 'RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: CLIENT_ID,
      Session: challenge.Session,
      ChallengeResponses: {
        USERNAME: challenge.ChallengeParameters.USER_ID_FOR_SRP ?? '',
        NEW_PASSWORD: newPassword,
        ...extra,
      },
    });

  describe('sign-in', () => {
    it('issues id, access and refresh tokens with Cognito claims that verify against the served JWKS', async () => {
      const user = await t.createUser({ role: 'manager', email: 'claims@loupe.test' });
      const response = await initiateAuth('Claims@Loupe.test');
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type'])).toContain('application/x-amz-json-1.1');
      const body = response.json() as { AuthenticationResult: TTokens; ChallengeParameters: object };
      expect(body).toEqual({
        AuthenticationResult: {
          AccessToken: expect.any(String),
          IdToken: expect.any(String),
          RefreshToken: expect.any(String),
          ExpiresIn: 900,
          TokenType: 'Bearer',
        },
        ChallengeParameters: {},
      });

      const jwksResponse = await t.app.inject({ method: 'GET', url: '/api/idp/.well-known/jwks.json' });
      expect(jwksResponse.statusCode).toBe(200);
      const jwks = jwksResponse.json() as JSONWebKeySet;
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
      expect(jwks.keys[0]).not.toHaveProperty('d');
      const keySet = createLocalJWKSet(jwks);
      const verifyOptions = { issuer: ISSUER, algorithms: ['RS256'], currentDate: t.clock() };

      const { AccessToken, IdToken } = body.AuthenticationResult;
      const { payload: id, protectedHeader } = await jwtVerify(IdToken, keySet, {
        ...verifyOptions,
        audience: CLIENT_ID,
      });
      expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: jwks.keys[0]?.kid });
      expect(id).toMatchObject({
        sub: user.id,
        email: 'claims@loupe.test',
        email_verified: true,
        'cognito:username': user.id,
        'custom:role': 'manager',
        given_name: 'manager',
        token_use: 'id',
        aud: CLIENT_ID,
        iss: ISSUER,
      });
      const { payload: access } = await jwtVerify(AccessToken, keySet, verifyOptions);
      expect(access).toMatchObject({ sub: user.id, token_use: 'access', client_id: CLIENT_ID, iss: ISSUER });
      expect(access).not.toHaveProperty('aud');

      const nowSeconds = Math.floor(t.clock().getTime() / 1000);
      for (const claims of [id, access]) {
        expect(claims.jti).toEqual(expect.any(String));
        expect(claims.origin_jti).toEqual(expect.any(String));
        expect(claims.iat).toBe(nowSeconds);
        expect(claims.auth_time).toBe(nowSeconds);
        expect(claims.exp).toBe(nowSeconds + 15 * 60);
      }
      expect(id.jti).not.toBe(access.jti);
      expect(id.origin_jti).toBe(access.origin_jti);

      await expect(authenticate(IdToken)).resolves.toMatchObject({ id: user.id, role: 'manager' });
    });

    it('accepts the protocol on /api/idp/ too, where the AWS SDK sends it, and a charset parameter', async () => {
      const user = await t.createUser({ role: 'qa' });
      const payload = JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: user.email, PASSWORD: TEST_PASSWORD },
      });
      const response = await callIdp(t.app, 'InitiateAuth', payload, { url: '/api/idp/' });
      expect(response.statusCode).toBe(200);
      const withCharset = await t.app.inject({
        method: 'POST',
        url: '/api/idp',
        headers: {
          'content-type': 'application/x-amz-json-1.1; charset=utf-8',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload,
      });
      expect(withCharset.statusCode).toBe(200);
    });

    it('answers an unknown user and a wrong password with byte-identical bodies and the same status', async () => {
      const user = await t.createUser({ role: 'designer' });
      const unknown = await initiateAuth('nobody-here@loupe.test');
      const wrong = await initiateAuth(user.email, 'not the right password');
      expect(unknown.statusCode).toBe(400);
      expect(wrong.statusCode).toBe(unknown.statusCode);
      expect(wrong.body).toBe(unknown.body);
      expect(unknown.json()).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    });

    it('refuses an account whose e-mail is not confirmed with UserNotConfirmedException', async () => {
      const user = await t.createUser({ role: 'qa', emailVerified: false });
      expectCognitoError(await initiateAuth(user.email), 'UserNotConfirmedException');
    });

    it('refuses a disabled account with NotAuthorizedException', async () => {
      const user = await t.createUser({ role: 'operator', disabled: true });
      const body = expectCognitoError(await initiateAuth(user.email), 'NotAuthorizedException');
      expect(body.message).toBe('User is disabled.');
    });

    it('refuses an unknown app client with ResourceNotFoundException', async () => {
      const user = await t.createUser({ role: 'qa' });
      expectCognitoError(
        await initiateAuth(user.email, TEST_PASSWORD, 'someone-else'),
        'ResourceNotFoundException',
      );
    });

    // Issue 20 §2 replaced the lock for everyone after 10 failures with growing delays per account and
    // source; sign-in-throttle.test.ts proves the rest (other sources, known devices, mail, admin unlock).
    it('slows an account down at one source after 5 failed sign-ins, and lets it in once the wait has passed', async () => {
      const user = await t.createUser({ role: 'salesperson' });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expectCognitoError(
          await initiateAuth(user.email, `wrong password ${attempt}`),
          'NotAuthorizedException',
        );
      }
      const throttled = await initiateAuth(user.email);
      expectCognitoError(throttled, 'TooManyRequestsException', 429);
      expect(Number(throttled.headers['retry-after'])).toBe(30);

      t.clock.advance(20_000);
      const stillThrottled = await initiateAuth(user.email);
      expectCognitoError(stillThrottled, 'TooManyRequestsException', 429);
      expect(Number(stillThrottled.headers['retry-after'])).toBe(10);

      t.clock.advance(10_000);
      await expect(signIn(user.email)).resolves.toMatchObject({ IdToken: expect.any(String) });
    });

    it('refuses the flows it does not implement with InvalidParameterException', async () => {
      const body = expectCognitoError(
        await callIdp(t.app, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: 'a@loupe.test', SRP_A: 'abc' },
        }),
        'InvalidParameterException',
      );
      expect(body.message).toBe('USER_SRP_AUTH flow not enabled for this client');
      expectCognitoError(
        await callIdp(t.app, 'InitiateAuth', { AuthFlow: 'MAGIC', ClientId: CLIENT_ID }),
        'InvalidParameterException',
      );
    });

    it('names missing members the way Cognito does', async () => {
      const noClient = expectCognitoError(
        await callIdp(t.app, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH' }),
        'InvalidParameterException',
      );
      expect(noClient.message).toBe(
        "1 validation error detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null",
      );
      const noPassword = expectCognitoError(
        await callIdp(t.app, 'InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: 'a@loupe.test' },
        }),
        'InvalidParameterException',
      );
      expect(noPassword.message).toBe('Missing required parameter PASSWORD');
      expectCognitoError(await callIdp(t.app, 'GetUser', ''), 'InvalidParameterException');
    });
  });

  describe('NEW_PASSWORD_REQUIRED', () => {
    it('challenges a user created with a temporary password, and accepts the same password as the new one', async () => {
      const user = await t.createUser({
        role: 'production',
        mustChangePassword: true,
        firstName: '',
        lastName: '',
      });
      const challenge = await challengeFor(user.email);
      expect(challenge).toEqual({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: expect.any(String),
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.id,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email: user.email }),
        },
      });

      const response = await respondToNewPassword(challenge, TEST_PASSWORD, {
        'userAttributes.name': 'Jane',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { AuthenticationResult } = response.json() as { AuthenticationResult: TTokens };
      expect(decodeJwt(AuthenticationResult.IdToken)).toMatchObject({ sub: user.id, name: 'Jane' });
      await expect(authenticate(AuthenticationResult.IdToken)).resolves.toMatchObject({ id: user.id });
      expect(await t.app.loupe.users.findById(user.id)).toMatchObject({
        mustChangePassword: false,
        name: 'Jane',
      });

      // The challenge is spent: the next sign-in gets tokens straight away.
      await expect(signIn(user.email)).resolves.toMatchObject({ RefreshToken: expect.any(String) });
      expectCognitoError(await respondToNewPassword(challenge, TEST_PASSWORD), 'NotAuthorizedException');
    });

    it('refuses a common password as the new one with InvalidPasswordException', async () => {
      const user = await t.createUser({ role: 'production', mustChangePassword: true });
      const challenge = await challengeFor(user.email);
      expectCognitoError(await respondToNewPassword(challenge, 'password123'), 'InvalidPasswordException');
      expectCognitoError(await respondToNewPassword(challenge, 'short'), 'InvalidPasswordException');
      expect(await t.app.loupe.users.findById(user.id)).toMatchObject({ mustChangePassword: true });
    });

    it('refuses a challenge session older than three minutes', async () => {
      const user = await t.createUser({ role: 'production', mustChangePassword: true });
      const challenge = await challengeFor(user.email);
      t.clock.advance(4 * 60_000);
      const body = expectCognitoError(
        await respondToNewPassword(challenge, TEST_PASSWORD),
        'NotAuthorizedException',
      );
      expect(body.message).toBe('Invalid session for the user, session is expired.');
    });

    it('refuses a forged or missing session and an unsupported challenge', async () => {
      const user = await t.createUser({ role: 'production', mustChangePassword: true });
      const challenge = await challengeFor(user.email);
      expectCognitoError(
        await respondToNewPassword({ ...challenge, Session: `${challenge.Session}x` }, TEST_PASSWORD),
        'NotAuthorizedException',
      );
      expectCognitoError(
        await callIdp(t.app, 'RespondToAuthChallenge', {
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          ClientId: CLIENT_ID,
          ChallengeResponses: { USERNAME: user.id, NEW_PASSWORD: TEST_PASSWORD },
        }),
        'InvalidParameterException',
      );
      expectCognitoError(
        await callIdp(t.app, 'RespondToAuthChallenge', {
          ChallengeName: 'SMS_MFA',
          ClientId: CLIENT_ID,
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: user.id, SMS_MFA_CODE: '123456' },
        }),
        'InvalidParameterException',
      );
    });
  });

  describe('sessions', () => {
    const rotate = (refreshToken: string) =>
      callIdp(t.app, 'GetTokensFromRefreshToken', { RefreshToken: refreshToken, ClientId: CLIENT_ID });

    it('rotates the refresh token, and revokes the whole family when a rotated one comes back', async () => {
      const user = await t.createUser({ role: 'qa' });
      const first = await signIn(user.email);
      const rotated = await rotate(first.RefreshToken);
      expect(rotated.statusCode, rotated.body).toBe(200);
      const second = (rotated.json() as { AuthenticationResult: TTokens }).AuthenticationResult;
      expect(second).toEqual({
        AccessToken: expect.any(String),
        IdToken: expect.any(String),
        RefreshToken: expect.any(String),
        ExpiresIn: 900,
        TokenType: 'Bearer',
      });
      expect(second.RefreshToken).not.toBe(first.RefreshToken);
      expect(decodeJwt(second.IdToken).origin_jti).toBe(decodeJwt(first.IdToken).origin_jti);
      await expect(authenticate(second.IdToken)).resolves.toMatchObject({ id: user.id });

      // Past the grace period for a second tab, a spent token coming back means theft or replay.
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const replay = expectCognitoError(await rotate(first.RefreshToken), 'NotAuthorizedException');
      expect(replay.message).toBe('Refresh Token has been revoked');
      expectCognitoError(await rotate(second.RefreshToken), 'NotAuthorizedException');
      await expect(authenticate(second.IdToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(authenticate(first.IdToken)).rejects.toBeInstanceOf(AppError);
    });

    it('lets a just-rotated token refresh once more within the grace period, keeping the session', async () => {
      const user = await t.createUser({ role: 'qa' });
      const first = await signIn(user.email);
      const tabOne = (await rotate(first.RefreshToken)).json() as { AuthenticationResult: TTokens };
      // A second tab presents the same token a few seconds later.
      t.clock.advance(5_000);
      const tabTwo = await rotate(first.RefreshToken);
      expect(tabTwo.statusCode, tabTwo.body).toBe(200);
      const sibling = (tabTwo.json() as { AuthenticationResult: TTokens }).AuthenticationResult;
      expect(sibling.RefreshToken).not.toBe(tabOne.AuthenticationResult.RefreshToken);
      await expect(authenticate(tabOne.AuthenticationResult.IdToken)).resolves.toMatchObject({ id: user.id });
      await expect(authenticate(sibling.IdToken)).resolves.toMatchObject({ id: user.id });
      expect((await rotate(sibling.RefreshToken)).statusCode).toBe(200);
    });

    it('refreshes with REFRESH_TOKEN_AUTH without rotating the refresh token', async () => {
      const user = await t.createUser({ role: 'qa' });
      const tokens = await signIn(user.email);
      for (const flow of ['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']) {
        const response = await callIdp(t.app, 'InitiateAuth', {
          AuthFlow: flow,
          ClientId: CLIENT_ID,
          AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
        });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json() as {
          AuthenticationResult: Partial<TTokens>;
          ChallengeParameters: object;
        };
        expect(body.ChallengeParameters).toEqual({});
        expect(body.AuthenticationResult).toMatchObject({ IdToken: expect.any(String), ExpiresIn: 900 });
        expect(body.AuthenticationResult).not.toHaveProperty('RefreshToken');
      }
      expect((await rotate(tokens.RefreshToken)).statusCode).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const body = expectCognitoError(await rotate('not-a-refresh-token'), 'NotAuthorizedException');
      expect(body.message).toBe('Invalid Refresh Token');
    });

    it('ends the session on RevokeToken, before its tokens expire', async () => {
      const user = await t.createUser({ role: 'qa' });
      const tokens = await signIn(user.email);
      const revoked = await callIdp(t.app, 'RevokeToken', {
        Token: tokens.RefreshToken,
        ClientId: CLIENT_ID,
      });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toEqual({});
      await expect(authenticate(tokens.IdToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expectCognitoError(await rotate(tokens.RefreshToken), 'NotAuthorizedException');
      expectCognitoError(
        await callIdp(t.app, 'GetUser', { AccessToken: tokens.AccessToken }),
        'NotAuthorizedException',
      );
      // Like Cognito, revoking an unknown token succeeds, so revocation cannot probe for tokens.
      const unknown = await callIdp(t.app, 'RevokeToken', { Token: 'unknown', ClientId: CLIENT_ID });
      expect(unknown.statusCode).toBe(200);
    });

    it('ends every session of the user on GlobalSignOut, and only theirs', async () => {
      const user = await t.createUser({ role: 'designer' });
      const other = await t.createUser({ role: 'designer' });
      const laptop = await signIn(user.email);
      const phone = await signIn(user.email);
      const bystander = await signIn(other.email);
      const response = await callIdp(t.app, 'GlobalSignOut', { AccessToken: laptop.AccessToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      for (const tokens of [laptop, phone]) {
        await expect(authenticate(tokens.IdToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
        expectCognitoError(await rotate(tokens.RefreshToken), 'NotAuthorizedException');
      }
      await expect(authenticate(bystander.IdToken)).resolves.toMatchObject({ id: other.id });
      const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    });

    it('describes the user on GetUser', async () => {
      const user = await t.createUser({
        role: 'admin',
        firstName: 'Ada',
        lastName: 'Lovelace',
        name: 'Ada L.',
      });
      const tokens = await signIn(user.email);
      const response = await callIdp(t.app, 'GetUser', { AccessToken: tokens.AccessToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        Username: user.id,
        UserAttributes: [
          { Name: 'sub', Value: user.id },
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: 'Ada L.' },
          { Name: 'given_name', Value: 'Ada' },
          { Name: 'family_name', Value: 'Lovelace' },
          { Name: 'custom:role', Value: 'admin' },
        ],
      });
      // An id token is not an access token.
      expectCognitoError(
        await callIdp(t.app, 'GetUser', { AccessToken: tokens.IdToken }),
        'NotAuthorizedException',
      );
    });

    it('refuses id and access tokens once they expire, while the refresh token still works', async () => {
      const user = await t.createUser({ role: 'qa' });
      const tokens = await signIn(user.email);
      t.clock.advance(16 * 60_000);
      await expect(authenticate(tokens.IdToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expectCognitoError(
        await callIdp(t.app, 'GetUser', { AccessToken: tokens.AccessToken }),
        'NotAuthorizedException',
      );
      const refreshed = await rotate(tokens.RefreshToken);
      expect(refreshed.statusCode).toBe(200);
      const { IdToken } = (refreshed.json() as { AuthenticationResult: TTokens }).AuthenticationResult;
      await expect(authenticate(IdToken)).resolves.toMatchObject({ id: user.id });
    });
  });

  describe('protocol errors', () => {
    it('answers an unknown or missing X-Amz-Target with UnknownOperationException', async () => {
      expectCognitoError(await callIdp(t.app, 'AdminCreateUser', {}), 'UnknownOperationException');
      expectCognitoError(await callIdp(t.app, 'constructor', {}), 'UnknownOperationException');
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/idp',
        headers: { 'content-type': 'application/x-amz-json-1.1' },
        payload: '{}',
      });
      expectCognitoError(missing, 'UnknownOperationException');
    });

    it('answers a malformed JSON body with SerializationException', async () => {
      expectCognitoError(await callIdp(t.app, 'InitiateAuth', '{"AuthFlow": '), 'SerializationException');
      expectCognitoError(await callIdp(t.app, 'InitiateAuth', '[1, 2]'), 'SerializationException');
    });

    it('hides internal failures behind InternalErrorException', async () => {
      const spy = vi
        .spyOn(t.app.loupe.identity, 'signIn')
        .mockRejectedValueOnce(new Error('database exploded near secret-detail'));
      try {
        const response = await initiateAuth('someone@loupe.test');
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ __type: 'InternalErrorException', message: 'Internal error' });
      } finally {
        spy.mockRestore();
      }
    });

    it('needs no CSRF token, and documents itself without breaking the OpenAPI document', async () => {
      const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(document.statusCode).toBe(200);
      const paths = Object.keys((document.json() as { paths: Record<string, unknown> }).paths);
      expect(paths).toEqual(expect.arrayContaining(['/api/idp', '/api/idp/.well-known/jwks.json']));
    });
  });
});

describe.each(TEST_DATABASES)('embedded identity provider per-IP limit on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ database, env: { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers TooManyRequestsException with Retry-After once an address exceeds its requests per minute', async () => {
    const attempt = (remoteAddress: string) =>
      callIdp(
        t.app,
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: 'x@loupe.test', PASSWORD: 'x' },
        },
        { remoteAddress },
      );
    for (let i = 0; i < 3; i += 1) expect((await attempt('192.0.2.10')).statusCode).toBe(400);
    const limited = await attempt('192.0.2.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ __type: 'TooManyRequestsException', message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await attempt('192.0.2.11')).statusCode).toBe(400);
  });
});

describe.each(TEST_DATABASES)('embedded identity provider logging on %s', (database) => {
  it('never writes a password or a token to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const handle = await openTestDatabase(database);
    const clock = createTestClock();
    const config = loadConfig({ PUBLIC_URL: 'http://loupe.test', LOG_LEVEL: 'trace' });
    const app = await buildApp({ config, database: handle, clock, logger: { level: 'trace', stream } });
    try {
      const password = 'a very secret passphrase';
      await app.loupe.users.insert({
        email: 'logged@loupe.test',
        role: 'qa',
        emailVerified: true,
        passwordHash: await hashPassword(password),
      });
      const call = (operation: string, body: unknown) => callIdp(app, operation, body);
      await call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: 'logged@loupe.test', PASSWORD: 'the wrong secret phrase' },
      });
      const signedIn = await call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: 'logged@loupe.test', PASSWORD: password },
      });
      const tokens = (signedIn.json() as { AuthenticationResult: TTokens }).AuthenticationResult;
      const rotated = await call('GetTokensFromRefreshToken', {
        RefreshToken: tokens.RefreshToken,
        ClientId: CLIENT_ID,
      });
      const newer = (rotated.json() as { AuthenticationResult: TTokens }).AuthenticationResult;
      await call('GetUser', { AccessToken: tokens.AccessToken });
      await call('GetTokensFromRefreshToken', { RefreshToken: tokens.RefreshToken, ClientId: CLIENT_ID });
      await call('GlobalSignOut', { AccessToken: newer.AccessToken });

      const log = lines.join('');
      expect(log).toContain('identity provider refused a request');
      const secrets = [
        password,
        'the wrong secret phrase',
        tokens.IdToken,
        tokens.AccessToken,
        tokens.RefreshToken,
      ];
      for (const secret of [...secrets, newer.IdToken, newer.RefreshToken]) expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
