// @vitest-environment jsdom
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { SIGN_IN_VALIDATION_MESSAGES } from '@loupe/domain/validation/sign-in';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AMPLIFY_SIGN_IN_STATE_PREFIX,
  AMPLIFY_STORAGE_KEY_PREFIX,
  clearStoredAuth,
  continueSignIn,
  createAuthClient,
  getIdToken,
  logout,
  nameFromEmail,
  refreshIdToken,
  SignInError,
  signInStepOf,
  signInWithIdentityService,
  type TSignInDependencies,
  type TSignInStepResult,
} from './auth-client';
import type { TCurrentUser } from './auth-context';
import { createProfileStore, REMEMBERED_PROFILE_KEY } from './remembered-profile';

const user: TCurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'admin',
  department: null,
};

const step = (signInStep: string): TSignInStepResult => ({ nextStep: { signInStep } });
const session = (idToken?: string) => ({
  tokens: idToken ? { idToken: { toString: () => idToken } } : undefined,
});

type TFakeOptions = {
  signedIn?: boolean;
  signInStep?: string;
  signInError?: Error;
  confirmStep?: string;
  idToken?: string | undefined;
  profile?: () => Promise<TCurrentUser | null>;
};

/** Amplify and the profile call as test doubles; `calls` records the order the sequence used them in. */
function fakeIdentity(options: TFakeOptions = {}) {
  const calls: string[] = [];
  const logger = { warn: vi.fn(), info: vi.fn() };
  const deps: TSignInDependencies = {
    getCurrentUser: vi.fn(async () => {
      calls.push('getCurrentUser');
      if (!options.signedIn)
        throw Object.assign(new Error('not signed in'), { name: 'UserUnAuthenticatedException' });
      return { username: 'ada@example.com', userId: user.id };
    }),
    signOut: vi.fn(async () => {
      calls.push('signOut');
    }),
    signIn: vi.fn(async () => {
      calls.push('signIn');
      if (options.signInError) throw options.signInError;
      return step(options.signInStep ?? 'DONE');
    }),
    confirmSignIn: vi.fn(async () => {
      calls.push('confirmSignIn');
      return step(options.confirmStep ?? 'DONE');
    }),
    fetchAuthSession: vi.fn(async (fetchOptions?: { forceRefresh?: boolean }) => {
      calls.push(fetchOptions?.forceRefresh ? 'refresh' : 'session');
      return session('idToken' in options ? options.idToken : 'id-token');
    }),
    loadProfile: vi.fn(async () => {
      calls.push('loadProfile');
      return options.profile ? options.profile() : user;
    }),
    logger,
  };
  return { deps, calls, logger };
}

const credentials = { email: 'ada@example.com', password: 'correct horse battery' };

async function failureOf(promise: Promise<unknown>): Promise<SignInError> {
  const error = await promise.then(
    () => {
      throw new Error('expected sign-in to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SignInError);
  return error as SignInError;
}

describe('the sign-in sequence (spec §4)', () => {
  it('signs in with USER_PASSWORD_AUTH, forces a refresh, then loads the profile', async () => {
    const { deps, calls, logger } = fakeIdentity();
    await expect(
      signInWithIdentityService(deps, { ...credentials, email: ' ada@example.com ' }),
    ).resolves.toEqual({ status: 'signed-in', user });
    expect(calls).toEqual(['getCurrentUser', 'signIn', 'refresh', 'loadProfile']);
    expect(deps.signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: credentials.password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(deps.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('signs an existing session out first', async () => {
    const { deps, calls } = fakeIdentity({ signedIn: true });
    await signInWithIdentityService(deps, credentials);
    expect(calls.slice(0, 3)).toEqual(['getCurrentUser', 'signOut', 'signIn']);
  });

  it('answers NEW_PASSWORD_REQUIRED with the same password and the name before the @, then refreshes', async () => {
    const { deps, calls } = fakeIdentity({ signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' });
    await expect(signInWithIdentityService(deps, credentials)).resolves.toEqual({
      status: 'signed-in',
      user,
    });
    expect(deps.confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: credentials.password,
      options: { userAttributes: { name: 'ada' } },
    });
    expect(calls).toEqual(['getCurrentUser', 'signIn', 'confirmSignIn', 'refresh', 'loadProfile']);
  });

  it('hands a second-factor step after the new password to the screen', async () => {
    const { deps, calls } = fakeIdentity({
      signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
      confirmStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    });
    await expect(signInWithIdentityService(deps, credentials)).resolves.toEqual({
      status: 'next-step',
      step: { type: 'totp-code' },
      email: credentials.email,
    });
    expect(calls).not.toContain('loadProfile');
  });

  it('fails when the new-password confirmation asks for a step Loupe does not offer', async () => {
    const { deps } = fakeIdentity({
      signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
      confirmStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
    });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.signInRequiresAdditionalSteps);
  });

  it.each([
    'CONFIRM_SIGN_IN_WITH_SMS_CODE',
    'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
    'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
    'CONFIRM_SIGN_IN_WITH_PASSWORD',
    'RESET_PASSWORD',
  ])('refuses the next step %s as requiring additional steps', async (signInStep) => {
    const { deps, calls } = fakeIdentity({ signInStep });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.signInRequiresAdditionalSteps);
    expect(error.reason).toBe('additional-steps');
    expect(calls).not.toContain('loadProfile');
  });

  it.each([
    [{ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }, { type: 'totp-code' }],
    [
      {
        signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
        codeDeliveryDetails: { destination: 'a***@example.com' },
      },
      { type: 'email-code', destination: 'a***@example.com' },
    ],
    [
      { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] },
      { type: 'choose-method', methods: ['TOTP', 'EMAIL'] },
    ],
    [
      { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['SMS', 'TOTP', 'EMAIL'] },
      { type: 'choose-setup', methods: ['TOTP', 'EMAIL'] },
    ],
    [
      {
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: {
          sharedSecret: 'JBSWY3DPEHPK3PXP',
          getSetupUri: (app: string, account?: string) =>
            new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
        },
      },
      {
        type: 'totp-setup',
        secret: 'JBSWY3DPEHPK3PXP',
        setupUri: 'otpauth://totp/Loupe:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Loupe',
      },
    ],
    [{ signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' }, { type: 'email-setup' }],
  ] as const)('maps %o to the screen %o', (nextStep, expected) => {
    expect(signInStepOf({ nextStep }, 'ada@example.com')).toEqual(expected);
  });

  it('answers a step through confirmSignIn and finishes the sign-in when it is done', async () => {
    const { deps, calls } = fakeIdentity();
    await expect(continueSignIn(deps, { email: credentials.email, response: ' 123456 ' })).resolves.toEqual({
      status: 'signed-in',
      user,
    });
    expect(deps.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    expect(calls).toEqual(['confirmSignIn', 'refresh', 'loadProfile']);
  });

  it('passes a refused code on without signing out', async () => {
    const { deps, calls } = fakeIdentity();
    const mismatch = Object.assign(new Error('Invalid code received for user'), {
      name: 'CodeMismatchException',
    });
    deps.confirmSignIn = vi.fn(() => Promise.reject(mismatch));
    const error = await failureOf(continueSignIn(deps, { email: credentials.email, response: '000000' }));
    expect(error.cause).toBe(mismatch);
    expect(calls).not.toContain('signOut');
  });

  it('reports an unconfirmed account (CONFIRM_SIGN_UP) as an unverified e-mail address', async () => {
    const { deps, calls } = fakeIdentity({ signInStep: 'CONFIRM_SIGN_UP' });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.emailNotVerified);
    expect(error.reason).toBe('email-not-verified');
    // No tokens were issued, so there is nothing to sign out.
    expect(calls).toEqual(['getCurrentUser', 'signIn']);
  });

  it('requires an id token after sign-in and signs the half-made session out', async () => {
    const { deps, calls } = fakeIdentity({ idToken: undefined });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.missingIdToken);
    expect(calls).toEqual(['getCurrentUser', 'signIn', 'refresh', 'signOut']);
  });

  it('refuses an unverified e-mail when the profile call answers EMAIL_NOT_VERIFIED', async () => {
    const notVerified = Object.assign(new Error('verify first'), { status: 403, code: 'EMAIL_NOT_VERIFIED' });
    const { deps, calls } = fakeIdentity({ profile: () => Promise.reject(notVerified) });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.emailNotVerified);
    expect(error.cause).toBe(notVerified);
    expect(calls.at(-1)).toBe('signOut');
  });

  it.each([
    ['fails', () => Promise.reject(Object.assign(new Error('Internal'), { status: 500, code: 'INTERNAL' }))],
    ['is empty', () => Promise.resolve(null)],
  ])('requires the backend profile: fails when the profile call %s', async (_case, profile) => {
    const { deps, calls } = fakeIdentity({ profile });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.missingProfile);
    expect(calls.at(-1)).toBe('signOut');
  });

  it("shows the identity service's own message for other failures, and logs them", async () => {
    const refused = Object.assign(new Error('Incorrect username or password.'), {
      name: 'NotAuthorizedException',
    });
    const { deps, logger } = fakeIdentity({ signInError: refused });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe('Incorrect username or password.');
    expect(error.cause).toBe(refused);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('Incorrect username or password.'),
      refused,
    );
  });

  it("falls back to 'Invalid credentials' for a failure without a message", async () => {
    const { deps } = fakeIdentity({ signInError: new Error('') });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.invalidCredentials);
  });

  it('maps a thrown UserNotConfirmedException to the unverified e-mail message', async () => {
    const unconfirmed = Object.assign(new Error('User is not confirmed.'), {
      name: 'UserNotConfirmedException',
    });
    const { deps } = fakeIdentity({ signInError: unconfirmed });
    const error = await failureOf(signInWithIdentityService(deps, credentials));
    expect(error.message).toBe(ERROR_MESSAGES.emailNotVerified);
  });

  it.each([
    [{ email: '  ', password: 'x' }, SIGN_IN_VALIDATION_MESSAGES.usernameRequired],
    [{ email: 'ada@example.com', password: '' }, SIGN_IN_VALIDATION_MESSAGES.passwordRequired],
  ])('validates the input before calling the identity service (§5)', async (input, message) => {
    const { deps, calls } = fakeIdentity();
    const error = await failureOf(signInWithIdentityService(deps, input));
    expect(error.message).toBe(message);
    expect(calls).toEqual([]);
  });
});

describe('nameFromEmail', () => {
  it('takes the part before the @', () => {
    expect(nameFromEmail('grace.hopper@navy.example')).toBe('grace.hopper');
  });
});

describe('tokens', () => {
  it('reads the id token without forcing a refresh, and forces one on request', async () => {
    const fetchAuthSession = vi.fn(async (options?: { forceRefresh?: boolean }) =>
      session(options?.forceRefresh ? 'fresh' : 'current'),
    );
    expect(await getIdToken({ fetchAuthSession })).toBe('current');
    expect(await refreshIdToken({ fetchAuthSession })).toBe('fresh');
    expect(fetchAuthSession).toHaveBeenNthCalledWith(2, { forceRefresh: true });
  });

  it('answers null when there is no session or the refresh fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await getIdToken({ fetchAuthSession: async () => session() })).toBeNull();
    expect(await refreshIdToken({ fetchAuthSession: () => Promise.reject(new Error('network')) })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('logout (spec §4)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  function seedStorage() {
    localStorage.setItem(`${AMPLIFY_STORAGE_KEY_PREFIX}client.LastAuthUser`, 'ada');
    localStorage.setItem(`${AMPLIFY_STORAGE_KEY_PREFIX}client.ada.idToken`, 'token');
    sessionStorage.setItem(`${AMPLIFY_STORAGE_KEY_PREFIX}client.signInState`, 'pending');
    // A pending NEW_PASSWORD_REQUIRED challenge: its session alone could set the password for 3 minutes.
    sessionStorage.setItem(`${AMPLIFY_SIGN_IN_STATE_PREFIX}signInSession`, 'challenge-session');
    sessionStorage.setItem(`${AMPLIFY_SIGN_IN_STATE_PREFIX}username`, 'ada');
    localStorage.setItem('admin-ui-theme', 'dark');
  }

  it('calls the backend, signs out of Amplify and clears the stored user and token keys', async () => {
    seedStorage();
    const calls: string[] = [];
    await logout({
      postLogout: async () => calls.push('POST /auth/logout'),
      signOut: async () => {
        calls.push('signOut');
      },
    });
    expect(calls).toEqual(['POST /auth/logout', 'signOut']);
    expect(Object.keys(localStorage)).toEqual(['admin-ui-theme']);
    expect(sessionStorage.length).toBe(0);
  });

  it('still signs out locally when the backend call and Amplify fail', async () => {
    seedStorage();
    const logger = { warn: vi.fn(), info: vi.fn() };
    await expect(
      logout({
        postLogout: () => Promise.reject(new Error('offline')),
        signOut: () => Promise.reject(new Error('offline')),
        logger,
      }),
    ).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(`${AMPLIFY_STORAGE_KEY_PREFIX}client.ada.idToken`)).toBeNull();
  });

  it('keeps the keys of a remembered device, so the next sign-in here skips the second factor', () => {
    seedStorage();
    const device = `${AMPLIFY_STORAGE_KEY_PREFIX}client.ada@example.com.deviceKey`;
    localStorage.setItem(device, 'us-east-1_device');
    localStorage.setItem(`${AMPLIFY_STORAGE_KEY_PREFIX}client.ada@example.com.randomPasswordKey`, 'secret');
    clearStoredAuth([localStorage]);
    expect(localStorage.getItem(device)).toBe('us-east-1_device');
    expect(localStorage.getItem(`${AMPLIFY_STORAGE_KEY_PREFIX}client.ada.idToken`)).toBeNull();
    expect(localStorage.getItem(`${AMPLIFY_STORAGE_KEY_PREFIX}client.LastAuthUser`)).toBeNull();
  });

  it('clearStoredAuth forgets the profile remembered for a quick reload', () => {
    seedStorage();
    localStorage.setItem(REMEMBERED_PROFILE_KEY, JSON.stringify(user));
    clearStoredAuth([localStorage]);
    expect(localStorage.getItem(REMEMBERED_PROFILE_KEY)).toBeNull();
    expect(Object.keys(localStorage)).toEqual(['admin-ui-theme']);
  });

  it('clearStoredAuth leaves keys of other features alone', () => {
    seedStorage();
    clearStoredAuth([localStorage]);
    expect(Object.keys(localStorage)).toEqual(['admin-ui-theme']);
    // Only the storages passed in are cleared: the three seeded session keys stay.
    expect(sessionStorage.length).toBe(3);
  });
});

describe('createAuthClient', () => {
  const logger = { warn: vi.fn(), info: vi.fn() };

  it('restores a stored session by loading the profile', async () => {
    const { deps } = fakeIdentity({ signedIn: true });
    const client = createAuthClient({
      identity: deps,
      loadProfile: deps.loadProfile,
      postLogout: vi.fn(),
      logger,
    });
    await expect(client.restoreSession()).resolves.toBe(user);
  });

  it('restores nothing without a session or when the profile cannot be loaded', async () => {
    const signedOut = fakeIdentity();
    const noSession = createAuthClient({
      identity: signedOut.deps,
      loadProfile: signedOut.deps.loadProfile,
      postLogout: vi.fn(),
      logger,
    });
    await expect(noSession.restoreSession()).resolves.toBeNull();
    expect(signedOut.deps.loadProfile).not.toHaveBeenCalled();

    const broken = fakeIdentity({ signedIn: true });
    const client = createAuthClient({
      identity: broken.deps,
      loadProfile: () => Promise.reject(new Error('500')),
      postLogout: vi.fn(),
      logger,
    });
    await expect(client.restoreSession()).resolves.toBeNull();
  });

  it('tells the server and the identity service at sign-out', async () => {
    const { deps } = fakeIdentity({ signedIn: true });
    const postLogout = vi.fn(async () => ({}));
    const client = createAuthClient({ identity: deps, loadProfile: deps.loadProfile, postLogout, logger });
    await client.signOut();
    expect(postLogout).toHaveBeenCalledTimes(1);
    expect(deps.signOut).toHaveBeenCalledTimes(1);
  });

  it('remembers each profile it reads for the next visit, for that user only, and forgets it at sign-out', async () => {
    const storage = new Map<string, string>();
    const profiles = createProfileStore(() => ({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    }));
    const { deps } = fakeIdentity({ signedIn: true });
    const client = createAuthClient({
      identity: deps,
      loadProfile: deps.loadProfile,
      postLogout: vi.fn(async () => ({})),
      profiles,
      logger,
    });
    // Nothing remembered yet: the first visit waits for the server.
    await expect(client.rememberedSession()).resolves.toBeNull();
    await client.restoreSession();
    await expect(client.rememberedSession()).resolves.toEqual(user);
    // Another user's session does not get this one's profile.
    expect(profiles.read('someone-else')).toBeNull();
    await client.signOut();
    await expect(client.rememberedSession()).resolves.toBeNull();
    expect(storage.size).toBe(0);
  });

  it('remembers nothing without a session, and a profile the server no longer gives is forgotten', async () => {
    const profiles = createProfileStore(() => window.localStorage);
    profiles.write(user);
    const signedOut = fakeIdentity();
    const withoutSession = createAuthClient({
      identity: signedOut.deps,
      loadProfile: signedOut.deps.loadProfile,
      postLogout: vi.fn(),
      profiles,
      logger,
    });
    await expect(withoutSession.rememberedSession()).resolves.toBeNull();

    const gone = fakeIdentity({ signedIn: true, profile: async () => null });
    const client = createAuthClient({
      identity: gone.deps,
      loadProfile: gone.deps.loadProfile,
      postLogout: vi.fn(),
      profiles,
      logger,
    });
    await expect(client.rememberedSession()).resolves.toEqual(user);
    await expect(client.restoreSession()).resolves.toBeNull();
    await expect(client.rememberedSession()).resolves.toBeNull();
  });
});
