import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_TOKEN_VALIDITY_MS } from '../src/plugins/csrf.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/**
 * Issue 34 §7: a CSRF pair was good for anyone, forever, from any page. Now a token is made for one sign-in
 * session (or for nobody, signed out), expires after CSRF_TOKEN_VALIDITY_MS, and a mutating request from
 * another site's page is refused whatever it carries. The flow of spec §7 stays: GET /api/auth/csrf-token
 * (or any answer's x-csrf-token header), then X-CSRF-Token on mutating requests.
 */
describe.each(TEST_DATABASES)('CSRF tokens on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ database, env: { CORS_ORIGINS: 'https://shop.example' } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A browser's CSRF cookie and a token, asked for with a bearer or without. */
  async function csrfFor(idToken: string | null, cookie?: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf-token',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
      },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    return {
      cookie: cookie ?? first?.split(';')[0] ?? '',
      token: (response.json() as { token: string }).token,
    };
  }

  /** PUT /auth/profile as a browser sends it. */
  function saveProfile(
    idToken: string,
    csrf: { cookie: string; token: string },
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: {
        cookie: csrf.cookie,
        'x-csrf-token': csrf.token,
        authorization: `Bearer ${idToken}`,
        ...headers,
      },
      payload: { firstName: 'Ada' },
    });
  }

  it('takes a token made for the same session, from the endpoint or from any answer’s header', async () => {
    const { tokens } = await t.clientAs('manager');
    const csrf = await csrfFor(tokens.IdToken);
    expect((await saveProfile(tokens.IdToken, csrf)).statusCode).toBe(200);
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: { cookie: csrf.cookie, authorization: `Bearer ${tokens.IdToken}` },
    });
    const fromHeader = { cookie: csrf.cookie, token: String(answer.headers['x-csrf-token']) };
    expect(fromHeader.token).not.toBe(csrf.token);
    expect((await saveProfile(tokens.IdToken, fromHeader)).statusCode).toBe(200);
  });

  it('refuses a token made signed out, for another user, or for another session of the same user', async () => {
    const { user, tokens } = await t.clientAs('manager');
    const other = await t.clientAs('manager');
    const secondSession = await t.signIn(user.email);
    const signedOut = await csrfFor(null);
    const cases = [
      ['signed out', signedOut],
      ['another user', await csrfFor(other.tokens.IdToken, signedOut.cookie)],
      ['another session', await csrfFor(secondSession.IdToken, signedOut.cookie)],
    ] as const;
    for (const [name, csrf] of cases) {
      const response = await saveProfile(tokens.IdToken, csrf);
      expect(response.statusCode, name).toBe(403);
      expect(response.json().code, name).toBe('CSRF_INVALID');
    }
    // The same cookie with a token of this session passes.
    expect(
      (await saveProfile(tokens.IdToken, await csrfFor(tokens.IdToken, signedOut.cookie))).statusCode,
    ).toBe(200);
  });

  it('binds a signed-out request to nobody: a public form takes a signed-out token', async () => {
    const csrf = await csrfFor(null);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token },
      payload: { email: 'nobody@loupe.test' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // A signed-in browser on a public form sends its bearer, and its session's token.
    const { tokens } = await t.clientAs('designer');
    const signedIn = await csrfFor(tokens.IdToken, csrf.cookie);
    const withBearer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      headers: {
        cookie: csrf.cookie,
        'x-csrf-token': signedIn.token,
        authorization: `Bearer ${tokens.IdToken}`,
      },
      payload: { email: 'nobody@loupe.test' },
    });
    expect(withBearer.statusCode, withBearer.body).toBe(200);
  });

  it('refuses a token older than CSRF_TOKEN_VALIDITY_MS', async () => {
    const { tokens } = await t.clientAs('manager');
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const csrf = await csrfFor(tokens.IdToken);
    vi.setSystemTime(start + CSRF_TOKEN_VALIDITY_MS - 1000);
    expect((await saveProfile(tokens.IdToken, csrf)).statusCode).toBe(200);
    vi.setSystemTime(start + CSRF_TOKEN_VALIDITY_MS + 1000);
    const stale = await saveProfile(tokens.IdToken, csrf);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('CSRF_INVALID');
    // A fresh one works again.
    expect((await saveProfile(tokens.IdToken, await csrfFor(tokens.IdToken, csrf.cookie))).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['another site', 'https://evil.example', 403],
    ['a look-alike of the app', 'http://loupe.test.evil.example', 403],
    ['a sandboxed frame or a file', 'null', 403],
    ['the app at PUBLIC_URL', 'http://loupe.test', 200],
    ['the host the request was sent to', 'http://workshop.lan:3000', 200],
    ['that host on another port', 'http://workshop.lan:4000', 403],
    ['an origin of CORS_ORIGINS', 'https://shop.example', 200],
  ])('answers a mutating request from %s (Origin %s) with %i', async (_name, origin, status) => {
    const { tokens } = await t.clientAs('manager');
    const csrf = await csrfFor(tokens.IdToken);
    const response = await saveProfile(tokens.IdToken, csrf, { origin, host: 'workshop.lan:3000' });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) expect(response.json().code).toBe('CSRF_INVALID');
  });

  it('reads an Origin on mutating requests only, and not on the machines’ own endpoints', async () => {
    const { tokens } = await t.clientAs('manager');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: { authorization: `Bearer ${tokens.IdToken}`, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const idp = await t.app.inject({
      method: 'POST',
      url: '/api/idp',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'loupe-web', AuthParameters: {} }),
    });
    expect(idp.headers['content-type']).toContain('application/x-amz-json-1.1');
  });
});
