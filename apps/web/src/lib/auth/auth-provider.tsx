import { QueryClientContext } from '@tanstack/react-query';
import {
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { TApiClient } from '../api-client';
import { browserCacheStorage, clearPersistedQueries } from '../persisted-query-cache';
import { amplifyIdentity, createAuthClient, type TAuthClient, type TSignInProgress } from './auth-client';
import { AuthContext, type TAuthContext, type TAuthState } from './auth-context';
import { fetchCurrentUser } from './current-user';
import { browserProfileStore } from './remembered-profile';

// Showing /login to a visitor without a session needs only Amplify; the API client (ky, p-queue) loads
// when a session needs the profile, which keeps it out of the first visit's JavaScript (issue 4 item 8).
async function loadApiClient(): Promise<TApiClient> {
  return (await import('../api-client')).apiClient;
}

/** The app's auth client: Amplify for the identity service, the API client for the profile and logout. */
export function createAppAuthClient(): TAuthClient {
  return createAuthClient({
    identity: amplifyIdentity,
    // Spec §3: the backend profile with the id token's payload, username, userId and signInDetails.
    loadProfile: async () => {
      // Loaded with the session, like the API client: not part of the sign-in page's first visit.
      const { loadIdentityInfo, withIdentityInfo } = await import('./identity-info');
      const [user, identity] = await Promise.all([
        loadApiClient().then(fetchCurrentUser),
        loadIdentityInfo(amplifyIdentity),
      ]);
      return withIdentityInfo(user, identity);
    },
    postLogout: async () => (await loadApiClient()).post('/auth/logout'),
    profiles: browserProfileStore,
  });
}

let appAuthClient: TAuthClient | undefined;

export type TAuthProviderProps = {
  readonly children: ReactNode;
  /** Replaced by a test double in tests; the app's Amplify-backed client by default. */
  readonly client?: TAuthClient;
};

/**
 * Provides the TAuthContext contract: 'loading' until the stored session is checked, then 'signed-in' with
 * the backend profile, or 'signed-out'.
 */
export function AuthProvider({ children, client }: TAuthProviderProps) {
  const authClient = useMemo(() => {
    if (client) return client;
    appAuthClient ??= createAppAuthClient();
    return appAuthClient;
  }, [client]);
  const queryClient = useContext(QueryClientContext);
  const [state, setState] = useState<TAuthState>({ status: 'loading', user: null });

  useEffect(() => {
    let isCurrent = true;
    const restore = async () => {
      // A reload with a remembered profile shows the signed-in shell at once; the server's answer follows.
      const remembered = await authClient.rememberedSession().catch(() => null);
      if (!isCurrent) return;
      if (remembered) startTransition(() => setState({ status: 'signed-in', user: remembered }));
      const user = await authClient.restoreSession();
      if (!isCurrent) return;
      // Signed out, the sign-in form replaces the session check's spinner at once (a late swap shifts the
      // page). Signed in, a transition: the first render of the signed-in shell and its screen is the page's
      // largest piece of work, and React splits a transition's render into short tasks where an ordinary
      // update renders in one long one, blocking input (Lighthouse's Total Blocking Time, issue 35 §4).
      if (!user) setState({ status: 'signed-out', user: null });
      else startTransition(() => setState({ status: 'signed-in', user }));
    };
    restore().catch((error: unknown) => {
      console.warn('Could not restore the session', error);
      if (isCurrent) setState({ status: 'signed-out', user: null });
    });
    return () => {
      isCurrent = false;
    };
  }, [authClient]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<TSignInProgress> => {
      const progress = await authClient.signIn(email, password);
      if (progress.status === 'signed-in') setState({ status: 'signed-in', user: progress.user });
      return progress;
    },
    [authClient],
  );

  const continueSignIn = useCallback(
    async (email: string, response: string): Promise<TSignInProgress> => {
      const progress = await authClient.continueSignIn(email, response);
      if (progress.status === 'signed-in') setState({ status: 'signed-in', user: progress.user });
      return progress;
    },
    [authClient],
  );

  const signOut = useCallback(async (): Promise<void> => {
    try {
      await authClient.signOut();
    } catch (error) {
      console.warn('Sign-out failed; forgetting the user anyway', error);
    }
    // The next user must not see this one's data.
    queryClient?.clear();
    const storage = browserCacheStorage();
    if (storage) clearPersistedQueries(storage);
    setState({ status: 'signed-out', user: null });
  }, [authClient, queryClient]);

  const refreshUser = useCallback(async (): Promise<void> => {
    try {
      const user = await authClient.loadUser();
      setState((current) =>
        current.status === 'signed-in' && user ? { status: 'signed-in', user } : current,
      );
    } catch (error) {
      console.warn('Could not reload the profile', error);
    }
  }, [authClient]);

  const value = useMemo<TAuthContext>(
    () => ({ ...state, signIn, continueSignIn, signOut, refreshUser }),
    [state, signIn, continueSignIn, signOut, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
