import { describe, expect, it, vi } from 'vitest';
import type { TIdentityClient } from './identity-client';
import { decodeJwt, readStoredSession, type TStoredSession, withStoredTokens } from './stored-tokens';

const CLIENT = 'client-1';
const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);
const base64Url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: Record<string, unknown>) => `${base64Url({ alg: 'none' })}.${base64Url(payload)}.sig`;

/** Amplify v6's keys for the pool's last user (DefaultTokenStore). */
function amplifyStorage(
  items: { exp?: number; idExp?: number; clockDrift?: string; details?: unknown } = {},
) {
  const exp = items.exp ?? NOW / 1000 + 3600;
  const user = 'u-42';
  const prefix = `CognitoIdentityServiceProvider.${CLIENT}.${user}`;
  const store = new Map<string, string>([
    [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, user],
    [`${prefix}.accessToken`, jwt({ sub: 'sub-42', username: user, exp })],
    [
      `${prefix}.idToken`,
      jwt({ sub: 'sub-42', 'cognito:username': user, email: 'zoë@example.com', exp: items.idExp ?? exp }),
    ],
    [`${prefix}.clockDrift`, items.clockDrift ?? '0'],
  ]);
  if (items.details) store.set(`${prefix}.signInDetails`, JSON.stringify(items.details));
  return { getItem: (key: string) => store.get(key) ?? null };
}

describe('readStoredSession', () => {
  it('reads a valid session as Amplify would: the id token, the user name and id, the sign-in details', () => {
    const session = readStoredSession(
      amplifyStorage({ details: { loginId: 'zoë@example.com', authFlowType: 'USER_PASSWORD_AUTH' } }),
      CLIENT,
      NOW,
    );
    expect(session.kind).toBe('valid');
    if (session.kind !== 'valid') return;
    expect(session.user).toEqual({
      username: 'u-42',
      userId: 'sub-42',
      signInDetails: { loginId: 'zoë@example.com', authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(session.idToken.payload.email).toBe('zoë@example.com');
    expect(decodeJwt(session.idToken.toString())?.payload.sub).toBe('sub-42');
  });

  it('leaves a token within 5 s of its expiry, counting the clock drift, to Amplify to refresh', () => {
    expect(readStoredSession(amplifyStorage({ exp: NOW / 1000 + 4 }), CLIENT, NOW).kind).toBe('ask-amplify');
    expect(readStoredSession(amplifyStorage({ idExp: NOW / 1000 - 60 }), CLIENT, NOW).kind).toBe(
      'ask-amplify',
    );
    expect(
      readStoredSession(amplifyStorage({ exp: NOW / 1000 + 60, clockDrift: '60000' }), CLIENT, NOW).kind,
    ).toBe('ask-amplify');
    expect(readStoredSession(amplifyStorage({ exp: NOW / 1000 + 6 }), CLIENT, NOW).kind).toBe('valid');
  });

  it('finds no session without tokens for the pool, and asks Amplify before the pool is known', () => {
    expect(readStoredSession({ getItem: () => null }, CLIENT, NOW).kind).toBe('none');
    expect(readStoredSession(amplifyStorage(), 'another-client', NOW).kind).toBe('none');
    expect(readStoredSession(amplifyStorage(), null, NOW).kind).toBe('ask-amplify');
    expect(readStoredSession(null, CLIENT, NOW).kind).toBe('ask-amplify');
  });

  it('asks Amplify about a token it cannot read', () => {
    const storage = {
      getItem: (key: string) =>
        key.endsWith('LastAuthUser') ? 'u' : key.endsWith('Token') ? 'x.%%%.y' : null,
    };
    expect(readStoredSession(storage, CLIENT, NOW).kind).toBe('ask-amplify');
  });
});

describe('withStoredTokens', () => {
  function amplifyDouble() {
    return {
      signIn: vi.fn(),
      signOut: vi.fn(async () => undefined),
      confirmSignIn: vi.fn(),
      fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'from-amplify' } } })),
      getCurrentUser: vi.fn(async () => ({ username: 'amplify', userId: 'amplify' })),
    } satisfies TIdentityClient;
  }
  const valid = readStoredSession(amplifyStorage(), CLIENT, NOW);

  it('answers from valid stored tokens without calling Amplify', async () => {
    const amplify = amplifyDouble();
    const identity = withStoredTokens(amplify, () => valid);
    expect(await identity.getCurrentUser()).toEqual({ username: 'u-42', userId: 'sub-42' });
    expect((await identity.fetchAuthSession()).tokens?.idToken?.payload?.sub).toBe('sub-42');
    expect(amplify.getCurrentUser).not.toHaveBeenCalled();
    expect(amplify.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('has Amplify refresh a forced or an expired session, and sign in and out', async () => {
    const amplify = amplifyDouble();
    let stored: TStoredSession = valid;
    const identity = withStoredTokens(amplify, () => stored);
    expect((await identity.fetchAuthSession({ forceRefresh: true })).tokens?.idToken?.toString()).toBe(
      'from-amplify',
    );
    stored = { kind: 'ask-amplify' };
    expect((await identity.fetchAuthSession()).tokens?.idToken?.toString()).toBe('from-amplify');
    expect(await identity.getCurrentUser()).toEqual({ username: 'amplify', userId: 'amplify' });
    await identity.signOut();
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
  });

  it('reports no session, as Amplify does, when nothing is stored', async () => {
    const amplify = amplifyDouble();
    const identity = withStoredTokens(amplify, () => ({ kind: 'none' }));
    await expect(identity.getCurrentUser()).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
    expect((await identity.fetchAuthSession()).tokens).toBeUndefined();
    expect(amplify.getCurrentUser).not.toHaveBeenCalled();
  });
});
