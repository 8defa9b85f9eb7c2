import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/factories';
import { loadIdentityInfo, withIdentityInfo } from './identity-info';

const CLAIMS = {
  sub: 'a1b2',
  email: 'ada@example.com',
  'custom:role': 'admin',
  token_use: 'id',
  username: 'claimed-name',
};

function identity(current: unknown, payload: Record<string, unknown> | null = CLAIMS) {
  return {
    getCurrentUser: vi.fn(async () => current),
    fetchAuthSession: vi.fn(async () => ({
      tokens: { idToken: { toString: () => 'id-token', ...(payload ? { payload } : {}) } },
    })),
  };
}

describe('the identity info of spec §3', () => {
  it('merges the id token payload with username, userId and signInDetails, the last three winning', async () => {
    const info = await loadIdentityInfo(
      identity({
        username: 'ada@example.com',
        userId: 'a1b2',
        signInDetails: { loginId: 'ada@example.com', authFlowType: 'USER_PASSWORD_AUTH' },
      }),
    );
    expect(info).toEqual({
      ...CLAIMS,
      username: 'ada@example.com',
      userId: 'a1b2',
      signInDetails: { loginId: 'ada@example.com', authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('keeps signInDetails null for a session restored without them', async () => {
    const info = await loadIdentityInfo(identity({ username: 'ada', userId: 'a1b2' }, null));
    expect(info).toEqual({ username: 'ada', userId: 'a1b2', signInDetails: null });
  });

  it('is null, and leaves the profile alone, when no one is signed in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const signedOut = {
      getCurrentUser: vi.fn(async () => {
        throw Object.assign(new Error('not signed in'), { name: 'UserUnAuthenticatedException' });
      }),
      fetchAuthSession: vi.fn(async () => ({})),
    };
    const info = await loadIdentityInfo(signedOut);
    expect(info).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    const user = makeUser('manager');
    expect(withIdentityInfo(user, info)).toBe(user);
    warn.mockRestore();
  });

  it('puts the info on the user beside the backend profile', () => {
    const user = makeUser('designer');
    const info = { username: 'd', userId: 'u-d', signInDetails: null };
    expect(withIdentityInfo(user, info)).toEqual({ ...user, identity: info });
  });
});
