import { describe, expect, it } from 'vitest';
import { hasStoredSession, preloadSignedInCode } from './boot-preload';
import { isSignedInPath } from './signed-out-paths';

function storageWith(keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

const SESSION_KEY = 'CognitoIdentityServiceProvider.abc123client.LastAuthUser';

describe('hasStoredSession', () => {
  it("sees Amplify's last signed-in user among the stored keys", () => {
    expect(hasStoredSession(storageWith(['admin-ui-theme', SESSION_KEY]))).toBe(true);
  });

  it('is false without it, without storage, and when storage throws', () => {
    expect(
      hasStoredSession(storageWith(['admin-ui-theme', 'CognitoIdentityServiceProvider.x.idToken'])),
    ).toBe(false);
    expect(hasStoredSession(null)).toBe(false);
    const blocked = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(hasStoredSession(blocked)).toBe(false);
  });
});

describe('isSignedInPath', () => {
  it('is true for the signed-in screens', () => {
    for (const path of ['/', '/dashboard', '/orders', '/orders/o-1', '/settings/profile', '/jbh-ai']) {
      expect(isSignedInPath(path), path).toBe(true);
    }
  });

  it('is false for the sign-in pages, the TVs and the customers’ pages', () => {
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
      '/tv-setup',
      '/jeweler-tv/s-1',
      '/t/token',
      '/design-approval/token',
    ]) {
      expect(isSignedInPath(path), path).toBe(false);
    }
  });

  it('does not take a screen whose name starts like a sign-in page for one', () => {
    expect(isSignedInPath('/login-help')).toBe(true);
  });
});

describe('preloadSignedInCode', () => {
  it('never fetches ahead on /login, even with a stored session (its first-visit budget)', () => {
    expect(preloadSignedInCode('/login', storageWith([SESSION_KEY]))).toBe(false);
  });

  it('does not fetch ahead without a stored session', () => {
    expect(preloadSignedInCode('/dashboard', storageWith([]))).toBe(false);
  });

  it('fetches ahead on a signed-in page with a stored session', () => {
    expect(preloadSignedInCode('/dashboard', storageWith([SESSION_KEY]))).toBe(true);
  });
});
