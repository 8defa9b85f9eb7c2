/**
 * What the app can start loading before /api/config has answered (issue 35 §4: Lighthouse on a phone's
 * network). Lighthouse's slow 4G makes every serial round trip cost ~150 ms, so the signed-in pieces that
 * would otherwise wait for the config, then the session, then each other, start together here.
 */

import { AMPLIFY_LAST_USER, isSignedInPath } from './signed-out-paths';

/**
 * Whether the browser holds a stored session: a hint only (its tokens may have expired), used to fetch the
 * signed-in shell's code early; the session itself is still checked by the auth provider.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | null): boolean {
  if (!storage) return false;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (AMPLIFY_LAST_USER.test(storage.key(index) ?? '')) return true;
    }
  } catch {
    // Storage blocked: no hint, the usual order applies.
  }
  return false;
}

/**
 * With a stored session on a signed-in page, start fetching the code that restoring the session and the
 * signed-in shell need (the API client, the identity reader, the live connection), alongside /api/config
 * and the route's own chunks instead of after them. Never on /login: its first visit's budget stays as is.
 */
export function preloadSignedInCode(
  pathname: string,
  storage: Pick<Storage, 'length' | 'key'> | null,
): boolean {
  if (!isSignedInPath(pathname) || !hasStoredSession(storage)) return false;
  // Errors are left to the real imports later on, which report them where they are used.
  const ignore = () => undefined;
  void import('@/lib/api-client').catch(ignore);
  void import('@/lib/auth/identity-info').catch(ignore);
  void import('./layouts/live-connection').catch(ignore);
  return true;
}
