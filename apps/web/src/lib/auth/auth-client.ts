import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { assertSignInInput } from '@loupe/domain/validation/sign-in';
import { confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import type { TCurrentUser } from './auth-context';

/** What the sequence reads of Amplify's sign-in answers. */
export type TSignInStepResult = { readonly nextStep: { readonly signInStep: string } };
/** What the sequence reads of Amplify's session. */
export type TSessionLike = { readonly tokens?: { readonly idToken?: { toString(): string } } };

/**
 * The identity-service functions the sign-in sequence uses: Amplify's in the app, test doubles in tests.
 * Narrow structural types, so a double needs to return only what the sequence reads.
 */
export type TIdentityClient = {
  signIn(input: {
    username: string;
    password: string;
    options: { authFlowType: 'USER_PASSWORD_AUTH' };
  }): Promise<TSignInStepResult>;
  signOut(): Promise<void>;
  confirmSignIn(input: {
    challengeResponse: string;
    options: { userAttributes: { name: string } };
  }): Promise<TSignInStepResult>;
  fetchAuthSession(options?: { forceRefresh?: boolean }): Promise<TSessionLike>;
  /** Resolves when a user is signed in, rejects otherwise. */
  getCurrentUser(): Promise<unknown>;
};

export type TLogger = Pick<Console, 'warn' | 'info'>;

export type TSignInDependencies = TIdentityClient & {
  /** GET /auth/profile as the signed-in user; rejects with an ApiError-like `{code}` on failure. */
  loadProfile(): Promise<TCurrentUser | null>;
  readonly logger?: TLogger;
};

/** Amplify's functions, bound to the configuration of amplify.ts. */
export const amplifyIdentity: TIdentityClient = {
  signIn,
  signOut: () => signOut(),
  confirmSignIn,
  fetchAuthSession,
  getCurrentUser,
};

export type TSignInFailureReason =
  | 'email-not-verified'
  | 'missing-id-token'
  | 'missing-profile'
  | 'additional-steps'
  | 'rejected';

const FAILURE_MESSAGES: Record<Exclude<TSignInFailureReason, 'rejected'>, string> = {
  'email-not-verified': ERROR_MESSAGES.emailNotVerified,
  'missing-id-token': ERROR_MESSAGES.missingIdToken,
  'missing-profile': ERROR_MESSAGES.missingProfile,
  'additional-steps': ERROR_MESSAGES.signInRequiresAdditionalSteps,
};

/** A failed sign-in; `message` is the spec §8 text to show. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly reason: TSignInFailureReason;

  constructor(reason: Exclude<TSignInFailureReason, 'rejected'>, options?: { cause?: unknown });
  constructor(reason: 'rejected', options: { message: string; cause?: unknown });
  constructor(reason: TSignInFailureReason, options: { message?: string; cause?: unknown } = {}) {
    super(
      reason === 'rejected'
        ? (options.message ?? ERROR_MESSAGES.invalidCredentials)
        : FAILURE_MESSAGES[reason],
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.reason = reason;
  }
}

/** The `name` attribute a first sign-in sets (spec §4): the part of the e-mail before the @. */
export function nameFromEmail(email: string): string {
  return email.trim().split('@')[0] ?? '';
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

function toSignInError(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  // Amplify answers an unconfirmed account with the CONFIRM_SIGN_UP step; should it throw instead, same text.
  if (error instanceof Error && error.name === 'UserNotConfirmedException') {
    return new SignInError('email-not-verified', { cause: error });
  }
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : undefined;
  return new SignInError('rejected', { message: message ?? ERROR_MESSAGES.invalidCredentials, cause: error });
}

/**
 * The sign-in sequence of spec §4, with its failures as §8 words them:
 * (1) sign out an existing session; (2) sign in with USER_PASSWORD_AUTH; (3) on success force a session
 * refresh; (4) NEW_PASSWORD_REQUIRED: confirm with the same password and name = e-mail before the @, then
 * refresh; (5) any other next step fails. Then a valid id token and the backend profile are required.
 * Errors are logged and rethrown as SignInError; a half-finished sign-in is signed out again.
 */
export async function signInWithIdentityService(
  deps: TSignInDependencies,
  input: { readonly email: string; readonly password: string },
): Promise<TCurrentUser> {
  const logger = deps.logger ?? console;
  const email = input.email.trim();
  const { password } = input;
  let hasTokens = false;
  try {
    assertSignInInput({ username: email, password });
    const hasSession = await deps.getCurrentUser().then(
      () => true,
      () => false,
    );
    // Amplify refuses to sign in over an existing session (UserAlreadyAuthenticatedException).
    if (hasSession) await deps.signOut();

    const result = await deps.signIn({
      username: email,
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    const step = result.nextStep.signInStep;
    if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
      // An admin-invited user's first sign-in: the temporary password they typed becomes their password.
      const confirmed = await deps.confirmSignIn({
        challengeResponse: password,
        options: { userAttributes: { name: nameFromEmail(email) } },
      });
      if (confirmed.nextStep.signInStep !== 'DONE') throw new SignInError('additional-steps');
    } else if (step === 'CONFIRM_SIGN_UP') {
      // The identity service's UserNotConfirmedException: the e-mail address is not verified yet.
      throw new SignInError('email-not-verified');
    } else if (step !== 'DONE') {
      throw new SignInError('additional-steps');
    }
    hasTokens = true;

    // Only a finished sign-in has tokens to refresh, so the refresh of step 3 and step 4 is this one call.
    const session = await deps.fetchAuthSession({ forceRefresh: true });
    if (!session.tokens?.idToken?.toString()) throw new SignInError('missing-id-token');

    let user: TCurrentUser | null;
    try {
      user = await deps.loadProfile();
    } catch (error) {
      if (codeOf(error) === 'EMAIL_NOT_VERIFIED')
        throw new SignInError('email-not-verified', { cause: error });
      throw new SignInError('missing-profile', { cause: error });
    }
    if (!user) throw new SignInError('missing-profile');
    logger.info(`Signed in as ${user.email} (${user.role})`);
    return user;
  } catch (error) {
    const failure = toSignInError(error);
    logger.warn(`Sign-in failed (${failure.reason}): ${failure.message}`, failure.cause ?? '');
    if (hasTokens) {
      // Do not leave a session behind that the app would pick up on its next start.
      await deps.signOut().catch((signOutError: unknown) => {
        logger.warn('Could not sign out after a failed sign-in', signOutError);
      });
    }
    throw failure;
  }
}

/**
 * The current id token, or null when signed out. Amplify refreshes the tokens itself when the id or
 * access token is within 5 s of expiry (its isTokenExpired tolerance defaults to 5000 ms, spec §4/§9
 * IDENTITY.tokenExpiryToleranceMs) and merges concurrent refreshes (deDupeAsyncFunction).
 */
export async function getIdToken(identity: Pick<TIdentityClient, 'fetchAuthSession'> = amplifyIdentity) {
  try {
    const session = await identity.fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch (error) {
    console.warn('Could not read the session', error);
    return null;
  }
}

/** Forces a token refresh (after a 401); null when it failed. */
export async function refreshIdToken(identity: Pick<TIdentityClient, 'fetchAuthSession'> = amplifyIdentity) {
  try {
    const session = await identity.fetchAuthSession({ forceRefresh: true });
    return session.tokens?.idToken?.toString() ?? null;
  } catch (error) {
    console.warn('Token refresh failed', error);
    return null;
  }
}

/** Where Amplify keeps tokens and the last user: keys starting with this. */
export const AMPLIFY_STORAGE_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
/** Where Amplify keeps a pending sign-in (user name and challenge session) in session storage. */
export const AMPLIFY_SIGN_IN_STATE_PREFIX = 'CognitoSignInState.';

function browserStorages(): Storage[] {
  if (typeof window === 'undefined') return [];
  return [window.localStorage, window.sessionStorage];
}

/**
 * Spec §4 logout: removes the stored user and token keys from local and session storage. Loupe keeps no
 * user or token of its own in storage; Amplify keeps all of them under its prefix.
 */
export function clearStoredAuth(storages: readonly Storage[] = browserStorages()): void {
  for (const storage of storages) {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(AMPLIFY_STORAGE_KEY_PREFIX) || key?.startsWith(AMPLIFY_SIGN_IN_STATE_PREFIX))
        keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}

export type TLogoutDependencies = {
  /** POST /auth/logout. */
  postLogout(): Promise<unknown>;
  signOut(): Promise<void>;
  readonly storages?: readonly Storage[];
  readonly logger?: TLogger;
};

/** Spec §4 logout: the backend call (best effort), Amplify's sign-out, the stored keys. Never throws. */
export async function logout(deps: TLogoutDependencies): Promise<void> {
  const logger = deps.logger ?? console;
  try {
    await deps.postLogout();
  } catch (error) {
    logger.warn('Logout: the server call failed; signing out locally', error);
  }
  try {
    await deps.signOut();
  } catch (error) {
    logger.warn('Logout: Amplify sign-out failed; clearing the stored tokens', error);
  }
  clearStoredAuth(deps.storages ?? browserStorages());
}

/** What the AuthProvider needs: the app's wiring in auth-provider.tsx, test doubles in tests. */
export type TAuthClient = {
  signIn(email: string, password: string): Promise<TCurrentUser>;
  signOut(): Promise<void>;
  /** The signed-in user when a session exists, else null. */
  restoreSession(): Promise<TCurrentUser | null>;
  loadUser(): Promise<TCurrentUser | null>;
};

export type TAuthClientDependencies = {
  readonly identity: TIdentityClient;
  loadProfile(): Promise<TCurrentUser | null>;
  postLogout(): Promise<unknown>;
  readonly logger?: TLogger;
};

export function createAuthClient(deps: TAuthClientDependencies): TAuthClient {
  const logger = deps.logger ?? console;
  return {
    signIn: (email, password) =>
      signInWithIdentityService(
        { ...deps.identity, loadProfile: deps.loadProfile, logger },
        { email, password },
      ),
    async signOut() {
      await logout({ postLogout: deps.postLogout, signOut: deps.identity.signOut, logger });
    },
    async restoreSession() {
      const signedIn = await deps.identity.getCurrentUser().then(
        () => true,
        () => false,
      );
      if (!signedIn || !(await getIdToken(deps.identity))) return null;
      try {
        return await deps.loadProfile();
      } catch (error) {
        logger.warn('A session exists but its profile could not be loaded; showing sign-in', error);
        return null;
      }
    },
    loadUser: () => deps.loadProfile(),
  };
}
