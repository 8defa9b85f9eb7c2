import { SIGN_IN_THROTTLE } from '@loupe/domain/auth/sign-in-throttle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookieName } from '../src/modules/idp/device-tokens.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { callIdp, type TCognitoError } from './support/idp-client.ts';
import { createTestApp, TEST_PASSWORD, type TTestApp } from './support/test-app.ts';

const CLIENT_ID = 'loupe-web';
const SECOND = 1000;

/**
 * Issue 20 §2, OWASP's lockout that cannot be turned against the user: growing delays per account and
 * source instead of a lock for everyone, a browser that signed in before keeps signing in, the owner hears
 * of it by mail, an admin lifts it. The per-IP request limit stays (idp-protocol.test.ts).
 */
describe.each(TEST_DATABASES)('sign-in throttling on %s', (database) => {
  let t: TTestApp;
  let nextAddress = 0;
  beforeAll(async () => {
    // The per-IP request limit has its own test; here it must not interfere.
    t = await createTestApp({ database, env: { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '10000' } });
  });
  afterAll(() => t.close());

  /** An address no other test uses. */
  const address = () => {
    nextAddress += 1;
    return `198.51.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
  };

  const signIn = (
    from: string,
    email: string,
    password = TEST_PASSWORD,
    cookies: Record<string, string> = {},
  ) =>
    callIdp(
      t.app,
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      { remoteAddress: from, cookies },
    );

  const outcome = (response: Awaited<ReturnType<typeof signIn>>) => {
    if (response.statusCode === 200) return 'signed in';
    const body = response.json() as TCognitoError;
    return body.__type === 'TooManyRequestsException'
      ? `wait ${response.headers['retry-after']} s`
      : body.__type;
  };

  async function failTimes(
    count: number,
    from: () => string,
    email: string,
    cookies?: Record<string, string>,
  ) {
    for (let attempt = 0; attempt < count; attempt += 1) {
      expect(outcome(await signIn(from(), email, `wrong ${attempt}`, cookies))).toBe(
        'NotAuthorizedException',
      );
    }
  }

  /** The device cookie a successful sign-in set for this user. */
  function deviceCookieOf(
    response: Awaited<ReturnType<typeof signIn>>,
    userId: string,
  ): Record<string, string> {
    const name = deviceCookieName(userId);
    const cookie = response.cookies.find((candidate) => candidate.name === name);
    expect(cookie, 'device cookie').toMatchObject({ path: '/api/idp', httpOnly: true, sameSite: 'Strict' });
    return { [name]: cookie?.value ?? '' };
  }

  const mailsTo = async (email: string) =>
    (await t.app.loupe.mailer.outbox(100)).filter((mail) => mail.to === email);

  it('slows one source down with growing delays, and lets the right password in from another source', async () => {
    const user = await t.createUser({ role: 'salesperson' });
    const attacker = address();
    await failTimes(SIGN_IN_THROTTLE.freeFailures.source, () => attacker, user.email);

    // The right password too must wait at that source: the wait tells nothing about the password.
    expect(outcome(await signIn(attacker, user.email))).toBe('wait 30 s');
    // Not a lock for everyone: the owner at their own desk signs in.
    expect(outcome(await signIn(address(), user.email))).toBe('signed in');

    t.clock.advance(30 * SECOND);
    expect(outcome(await signIn(attacker, user.email, 'wrong again'))).toBe('NotAuthorizedException');
    expect(outcome(await signIn(attacker, user.email))).toBe('wait 60 s');
    t.clock.advance(60 * SECOND);
    expect(outcome(await signIn(attacker, user.email, 'and again'))).toBe('NotAuthorizedException');
    expect(outcome(await signIn(attacker, user.email))).toBe('wait 120 s');

    // Once the wait has passed the right password gets in, and that success clears the source.
    t.clock.advance(120 * SECOND);
    expect(outcome(await signIn(attacker, user.email))).toBe('signed in');
    expect(outcome(await signIn(attacker, user.email, 'a typo'))).toBe('NotAuthorizedException');
    expect(outcome(await signIn(attacker, user.email))).toBe('signed in');
  });

  it('keeps a browser that signed in before signing in while guesses from many addresses are slowed down', async () => {
    const user = await t.createUser({ role: 'operator' });
    const other = await t.createUser({ role: 'operator' });
    const desk = address();
    const device = deviceCookieOf(await signIn(desk, user.email), user.id);

    // Spread over many addresses, so that no single source is slowed down: the account is.
    await failTimes(SIGN_IN_THROTTLE.freeFailures.account, address, user.email);
    expect(outcome(await signIn(address(), user.email))).toBe('wait 30 s');
    expect(outcome(await signIn(desk, user.email))).toBe('wait 30 s');

    // The known browser, at its desk or elsewhere, still signs in with the right password.
    expect(outcome(await signIn(desk, user.email, TEST_PASSWORD, device))).toBe('signed in');
    expect(outcome(await signIn(address(), user.email, TEST_PASSWORD, device))).toBe('signed in');

    // Another account's device token, or a made-up one, under this account's cookie name is no device.
    const othersDevice = deviceCookieOf(await signIn(address(), other.email), other.id);
    const stolen = { [deviceCookieName(user.id)]: Object.values(othersDevice)[0] ?? '' };
    expect(outcome(await signIn(address(), user.email, TEST_PASSWORD, stolen))).toBe('wait 30 s');
    const forged = { [deviceCookieName(user.id)]: 'eyJhbGciOiJub25lIn0.eyJ0b2tlbl91c2UiOiJkZXZpY2UifQ.' };
    expect(outcome(await signIn(address(), user.email, TEST_PASSWORD, forged))).toBe('wait 30 s');
  });

  it('holds a known browser to its own count of wrong passwords', async () => {
    const user = await t.createUser({ role: 'qa' });
    const desk = address();
    const device = deviceCookieOf(await signIn(desk, user.email), user.id);
    t.clock.advance(SECOND);
    await failTimes(SIGN_IN_THROTTLE.freeFailures.device, () => desk, user.email, device);
    expect(outcome(await signIn(desk, user.email, TEST_PASSWORD, device))).toBe('wait 30 s');
    // Its failures were its own: the same address without the cookie is not slowed down.
    expect(outcome(await signIn(desk, user.email))).toBe('signed in');
  });

  it('tells the owner by mail once when the slow-down starts, and no one for an unknown address', async () => {
    const user = await t.createUser({ role: 'designer' });
    const attacker = address();
    await failTimes(SIGN_IN_THROTTLE.freeFailures.source - 1, () => attacker, user.email);
    expect(await mailsTo(user.email)).toEqual([]);

    await failTimes(1, () => attacker, user.email);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Loupe: sign-in attempts on your account are being slowed down');
    expect(mails[0]?.text).toContain(`from the address ${attacker}`);
    expect(mails[0]?.text).toContain('You can still sign in with your password from a browser or device');

    t.clock.advance(30 * SECOND);
    await failTimes(1, () => attacker, user.email);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const audit = await t.app.loupe.audit.list(50);
    expect(
      audit.filter((entry) => entry.action === 'auth.sign_in_throttled' && entry.subject === user.email),
    ).toHaveLength(1);

    const nobody = 'nobody@loupe.test';
    await failTimes(SIGN_IN_THROTTLE.freeFailures.source, () => attacker, nobody);
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it('lets an admin lift the slow-down at once, from every source', async () => {
    const user = await t.createUser({ role: 'production' });
    const attacker = address();
    const { source, account } = SIGN_IN_THROTTLE.freeFailures;
    await failTimes(source, () => attacker, user.email);
    await failTimes(account - source, address, user.email);
    // Slowed down at that source, and for every browser that never signed in to the account.
    expect(outcome(await signIn(attacker, user.email))).toBe('wait 30 s');
    expect(outcome(await signIn(address(), user.email))).toBe('wait 30 s');
    t.clock.advance(SECOND);

    const { client: manager } = await t.clientAs('manager');
    expect((await manager.request('POST', `/api/v1/users/${user.id}/unlock`)).statusCode).toBe(403);
    const { client: admin, user: adminUser } = await t.clientAs('admin');
    const unlocked = await admin.request('POST', `/api/v1/users/${user.id}/unlock`);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ success: true, message: 'Sign-in unlocked.' });
    const missing = await admin.request('POST', '/api/v1/users/00000000-0000-4000-8000-000000000000/unlock');
    expect(missing.statusCode).toBe(404);

    expect(outcome(await signIn(attacker, user.email))).toBe('signed in');
    expect(outcome(await signIn(address(), user.email))).toBe('signed in');
    const audit = await t.app.loupe.audit.list(50);
    expect(audit.find((entry) => entry.action === 'auth.sign_in_unlocked')).toMatchObject({
      actorId: adminUser.id,
      subject: user.email,
    });
  });
});
