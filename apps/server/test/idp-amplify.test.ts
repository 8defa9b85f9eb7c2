import {
  confirmSignIn,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../src/db/schema/users.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { bearerRequest } from './support/idp-client.ts';
import { configureAmplify, createListeningPool } from './support/listening-pool.ts';
import { TEST_PASSWORD, type TTestApp } from './support/test-app.ts';

/**
 * Proves the embedded pool with the client the web app signs in through: aws-amplify/auth, in Node, against a
 * listening server. Amplify is a process-wide singleton, so every Amplify test lives in this file and each
 * test signs out after itself. In Node there is no window.localStorage: Amplify keeps its tokens in memory.
 */
describe.each(TEST_DATABASES)('embedded identity provider with aws-amplify/auth on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    let endpoint: string;
    ({ t, endpoint } = await createListeningPool(database));
    configureAmplify(endpoint);
  });
  afterEach(async () => {
    await signOut();
  });
  afterAll(() => t.close());

  const authenticate = (idToken: string) => t.app.loupe.authenticate(bearerRequest(idToken));

  const sessionsOf = (userId: string) =>
    t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

  it('signs in with USER_PASSWORD_AUTH, refreshes through GetTokensFromRefreshToken and signs out', async () => {
    const user = await t.createUser({ role: 'salesperson', firstName: 'Mia', lastName: 'Stone' });
    const result = await signIn({
      username: user.email,
      password: TEST_PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await expect(getCurrentUser()).resolves.toMatchObject({ userId: user.id, username: user.id });

    const first = await fetchAuthSession();
    const firstIdToken = first.tokens?.idToken?.toString() ?? '';
    expect(first.tokens?.idToken?.payload.email).toBe(user.email);
    await expect(authenticate(firstIdToken)).resolves.toMatchObject({ id: user.id, role: 'salesperson' });

    const refreshed = await fetchAuthSession({ forceRefresh: true });
    expect(refreshed.tokens?.accessToken.toString()).toEqual(expect.any(String));
    expect(refreshed.tokens?.idToken?.payload).toMatchObject({ email: user.email, sub: user.id });
    expect(refreshed.tokens?.idToken?.payload.jti).not.toBe(first.tokens?.idToken?.payload.jti);
    const refreshedIdToken = refreshed.tokens?.idToken?.toString() ?? '';
    await expect(authenticate(refreshedIdToken)).resolves.toMatchObject({ id: user.id });

    // The refresh rotated the token Amplify holds: one spent, one live, in the only session.
    const [session, ...others] = await sessionsOf(user.id);
    expect(others).toEqual([]);
    const family = await t.database.db
      .select()
      .from(refreshTokens)
      .where(inArray(refreshTokens.sessionId, [session?.id ?? '']));
    expect(family.map((token) => token.rotatedAt !== null).sort()).toEqual([false, true]);

    await expect(fetchUserAttributes()).resolves.toMatchObject({
      sub: user.id,
      email: user.email,
      email_verified: 'true',
      given_name: 'Mia',
      family_name: 'Stone',
      'custom:role': 'salesperson',
    });

    // Amplify swallows RevokeToken failures, so the proof that sign-out reached the server is server-side.
    await signOut();
    expect((await sessionsOf(user.id)).map((row) => row.revokedReason)).toEqual(['revoked']);
    await expect(authenticate(refreshedIdToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(getCurrentUser()).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
  });

  it('confirms NEW_PASSWORD_REQUIRED with the same password and a name', async () => {
    const user = await t.createUser({
      role: 'operator',
      mustChangePassword: true,
      firstName: '',
      lastName: '',
    });
    const challenged = await signIn({
      username: user.email,
      password: TEST_PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(challenged).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: [] },
    });

    const confirmed = await confirmSignIn({
      challengeResponse: TEST_PASSWORD,
      options: { userAttributes: { name: 'jane' } },
    });
    expect(confirmed).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).toMatchObject({ sub: user.id, name: 'jane' });
    expect(await t.app.loupe.users.findById(user.id)).toMatchObject({
      mustChangePassword: false,
      name: 'jane',
    });
  });

  it('reports a wrong password as NotAuthorizedException and an unconfirmed e-mail as CONFIRM_SIGN_UP', async () => {
    const user = await t.createUser({ role: 'qa' });
    await expect(
      signIn({
        username: user.email,
        password: 'not the password',
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });

    const unverified = await t.createUser({ role: 'qa', emailVerified: false });
    const result = await signIn({
      username: unverified.email,
      password: TEST_PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result).toMatchObject({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
  });

  it('ends every session of the user on a global sign-out', async () => {
    const user = await t.createUser({ role: 'designer' });
    const elsewhere = await t.signIn(user.email);
    await signIn({
      username: user.email,
      password: TEST_PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    await signOut({ global: true });
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedReason === 'global sign-out')).toBe(true);
    await expect(authenticate(elsewhere.IdToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
