import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { assertSignInInput } from '@loupe/domain/validation/sign-in';
import { amplifyConfig, loadAmplify } from './amplify-loader';
import type { TCurrentUser, TSignInProgress } from './auth-context';
import type { TIdentityClient, TSignInStepResult } from './identity-client';
import { REMEMBERED_PROFILE_KEY, type TProfileStore } from './remembered-profile';
import type { TMfaMethod, TSignInStep } from './sign-in-steps';
import { readStoredSession, withStoredTokens } from './stored-tokens';

export type { TSignInProgress } from './auth-context';
export type { TIdentityClient, TSessionLike, TSignInStepResult } from './identity-client';
export type { TMfaMethod, TSignInStep } from './sign-in-steps';

export type TLogger = Pick<Console, 'warn' | 'info'>;

export type TSignInDependencies = TIdentityClient & {
  /** GET /auth/profile as the signed-in user; rejects with an ApiError-like `{code}` on failure. */
  loadProfile(): Promise<TCurrentUser | null>;
  readonly logger?: TLogger;
};

/** Amplify's functions, bound to the installation's configuration; its code loads at the first call. */
const lazyAmplifyIdentity: TIdentityClient = {
  signIn: async (input) => (await loadAmplify()).signIn(input),
  signOut: async () => (await loadAmplify()).signOut(),
  confirmSignIn: async (input) => (await loadAmplify()).confirmSignIn(input),
  fetchAuthSession: async (options) => (await loadAmplify()).fetchAuthSession(options),
  getCurrentUser: async () => (await loadAmplify()).getCurrentUser(),
};

function browserLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The identity service as the app uses it: valid stored tokens are read without loading Amplify (a signed-in
 * reload renders without it, issue 35 §4); a sign-in, a refresh or a sign-out loads it.
 */
export const amplifyIdentity: TIdentityClient = withStoredTokens(lazyAmplifyIdentity, () =>
  readStoredSession(browserLocalStorage(), amplifyConfig()?.userPoolClientId ?? null, Date.now()),
);

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

/** The issuer name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Loupe';

function methodsOf(types: readonly string[] | undefined): TMfaMethod[] {
  return (types ?? []).filter((type): type is TMfaMethod => type === 'TOTP' || type === 'EMAIL');
}

/** The screen for an Amplify next step, 'done', or null for a step Loupe does not offer. */
export function signInStepOf(result: TSignInStepResult, email: string): TSignInStep | 'done' | null {
  const { nextStep } = result;
  switch (nextStep.signInStep) {
    case 'DONE':
      return 'done';
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { type: 'totp-code' };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return { type: 'email-code', destination: nextStep.codeDeliveryDetails?.destination ?? null };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION': {
      const methods = methodsOf(nextStep.allowedMFATypes);
      return methods.length > 0 ? { type: 'choose-method', methods } : null;
    }
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION': {
      const methods = methodsOf(nextStep.allowedMFATypes);
      return methods.length > 0 ? { type: 'choose-setup', methods } : null;
    }
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = nextStep.totpSetupDetails;
      if (!details) return null;
      return {
        type: 'totp-setup',
        secret: details.sharedSecret,
        setupUri: details.getSetupUri(TOTP_ISSUER, email).toString(),
      };
    }
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return { type: 'email-setup' };
    default:
      return null;
  }
}

/** After the last step: the refresh of step 3, a valid id token and the backend profile (spec §4, §8). */
async function finishSignIn(deps: TSignInDependencies, logger: TLogger): Promise<TCurrentUser> {
  const session = await deps.fetchAuthSession({ forceRefresh: true });
  if (!session.tokens?.idToken?.toString()) throw new SignInError('missing-id-token');
  let user: TCurrentUser | null;
  try {
    user = await deps.loadProfile();
  } catch (error) {
    if (codeOf(error) === 'EMAIL_NOT_VERIFIED') throw new SignInError('email-not-verified', { cause: error });
    throw new SignInError('missing-profile', { cause: error });
  }
  if (!user) throw new SignInError('missing-profile');
  logger.info(`Signed in as ${user.email} (${user.role})`);
  return user;
}

/** Logs and rethrows a failure as SignInError; a half-finished sign-in is signed out again. */
async function failSignIn(
  deps: TSignInDependencies,
  logger: TLogger,
  error: unknown,
  hasTokens: boolean,
): Promise<never> {
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

/** Tokens and profile after DONE, the screen for a second-factor step, or additional-steps for any other. */
async function progressOf(
  deps: TSignInDependencies,
  logger: TLogger,
  result: TSignInStepResult,
  email: string,
): Promise<TSignInProgress> {
  const step = signInStepOf(result, email);
  if (step === null) return failSignIn(deps, logger, new SignInError('additional-steps'), false);
  if (step !== 'done') return { status: 'next-step', step, email };
  try {
    return { status: 'signed-in', user: await finishSignIn(deps, logger) };
  } catch (error) {
    return failSignIn(deps, logger, error, true);
  }
}

/**
 * The sign-in sequence of spec §4, with its failures as §8 words them:
 * (1) sign out an existing session; (2) sign in with USER_PASSWORD_AUTH; (3) on success force a session
 * refresh; (4) NEW_PASSWORD_REQUIRED: confirm with the same password and name = e-mail before the @, then
 * refresh; (5) a second-factor step goes to the screen (issue 20 §4, continueSignIn), any other next step
 * fails. Then a valid id token and the backend profile are required. Errors are logged and rethrown as
 * SignInError; a half-finished sign-in is signed out again.
 */
export async function signInWithIdentityService(
  deps: TSignInDependencies,
  input: { readonly email: string; readonly password: string },
): Promise<TSignInProgress> {
  const logger = deps.logger ?? console;
  const email = input.email.trim();
  const { password } = input;
  let result: TSignInStepResult;
  try {
    assertSignInInput({ username: email, password });
    const hasSession = await deps.getCurrentUser().then(
      () => true,
      () => false,
    );
    // Amplify refuses to sign in over an existing session (UserAlreadyAuthenticatedException).
    if (hasSession) await deps.signOut();

    result = await deps.signIn({
      username: email,
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    const step = result.nextStep.signInStep;
    if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
      // An admin-invited user's first sign-in: the temporary password they typed becomes their password.
      result = await deps.confirmSignIn({
        challengeResponse: password,
        options: { userAttributes: { name: nameFromEmail(email) } },
      });
    } else if (step === 'CONFIRM_SIGN_UP') {
      // The identity service's UserNotConfirmedException: the e-mail address is not verified yet.
      throw new SignInError('email-not-verified');
    }
  } catch (error) {
    return failSignIn(deps, logger, error, false);
  }
  return progressOf(deps, logger, result, email);
}

/**
 * Answers a second-factor step: a code, a method (TOTP or EMAIL), or the e-mail address to send codes to.
 * A wrong code rejects with the identity service's message and leaves the step open for another try.
 */
export async function continueSignIn(
  deps: TSignInDependencies,
  input: { readonly email: string; readonly response: string },
): Promise<TSignInProgress> {
  const logger = deps.logger ?? console;
  let result: TSignInStepResult;
  try {
    result = await deps.confirmSignIn({ challengeResponse: input.response.trim() });
  } catch (error) {
    return failSignIn(deps, logger, error, false);
  }
  return progressOf(deps, logger, result, input.email);
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

/**
 * A remembered device's keys (ConfirmDevice, issue 20 §4): neither a user nor a token, so logout keeps them
 * and the next sign-in from this browser skips the second factor.
 */
const REMEMBERED_DEVICE_KEY = /\.(deviceKey|deviceGroupKey|randomPasswordKey)$/;

function browserStorages(): Storage[] {
  if (typeof window === 'undefined') return [];
  return [window.localStorage, window.sessionStorage];
}

/**
 * Spec §4 logout: removes the stored user and token keys from local and session storage: Amplify's, under its
 * prefix, and the profile Loupe remembers for a quick reload (remembered-profile.ts). Loupe keeps no token of
 * its own. A remembered device stays.
 */
export function clearStoredAuth(storages: readonly Storage[] = browserStorages()): void {
  for (const storage of storages) {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key || REMEMBERED_DEVICE_KEY.test(key)) continue;
      if (
        key.startsWith(AMPLIFY_STORAGE_KEY_PREFIX) ||
        key.startsWith(AMPLIFY_SIGN_IN_STATE_PREFIX) ||
        key === REMEMBERED_PROFILE_KEY
      )
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
  signIn(email: string, password: string): Promise<TSignInProgress>;
  /** Answers the second-factor step signIn (or a previous answer) reported. */
  continueSignIn(email: string, response: string): Promise<TSignInProgress>;
  signOut(): Promise<void>;
  /** The signed-in user when a session exists, else null. */
  restoreSession(): Promise<TCurrentUser | null>;
  /**
   * The profile remembered for the session Amplify holds, read without the network (null when there is no
   * session or nothing remembered for its user); restoreSession still has the last word.
   */
  rememberedSession(): Promise<TCurrentUser | null>;
  loadUser(): Promise<TCurrentUser | null>;
};

export type TAuthClientDependencies = {
  readonly identity: TIdentityClient;
  loadProfile(): Promise<TCurrentUser | null>;
  postLogout(): Promise<unknown>;
  /** Where the last profile is remembered between visits; none by default. */
  readonly profiles?: TProfileStore;
  readonly logger?: TLogger;
};

export function createAuthClient(dependencies: TAuthClientDependencies): TAuthClient {
  const logger = dependencies.logger ?? console;
  const { profiles } = dependencies;
  // Every profile read from the server is the one remembered for the next visit.
  const deps: TAuthClientDependencies = {
    ...dependencies,
    loadProfile: async () => {
      const user = await dependencies.loadProfile();
      if (user) profiles?.write(user);
      else profiles?.clear();
      return user;
    },
  };
  return {
    signIn: (email, password) =>
      signInWithIdentityService(
        { ...deps.identity, loadProfile: deps.loadProfile, logger },
        { email, password },
      ),
    continueSignIn: (email, response) =>
      continueSignIn({ ...deps.identity, loadProfile: deps.loadProfile, logger }, { email, response }),
    async signOut() {
      await logout({ postLogout: deps.postLogout, signOut: deps.identity.signOut, logger });
      profiles?.clear();
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
    async rememberedSession() {
      if (!profiles) return null;
      const current = await deps.identity.getCurrentUser().then(
        (user) => user,
        () => null,
      );
      const userId = (current as { userId?: unknown } | null)?.userId;
      if (typeof userId !== 'string' || !(await getIdToken(deps.identity))) return null;
      return profiles.read(userId);
    },
    loadUser: () => deps.loadProfile(),
  };
}
