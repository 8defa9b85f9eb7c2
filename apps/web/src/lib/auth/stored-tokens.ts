import type { TIdentityClient, TSessionLike } from './identity-client';

/**
 * Amplify's token store, read without Amplify (issue 35 §4): a signed-in reload whose tokens are still valid
 * needs neither Amplify's code nor its evaluation before the first render. The keys, the expiry rule (5 s of
 * tolerance, the stored clock drift) and what getCurrentUser answers follow Amplify v6's DefaultTokenStore,
 * TokenOrchestrator.getTokens and getCurrentUser. Anything else (an expired or unreadable token) goes to
 * Amplify, which refreshes the tokens or decides there is no session.
 */

/** Amplify's key prefix: `CognitoIdentityServiceProvider.<client id>.<user>.<item>`. */
const PREFIX = 'CognitoIdentityServiceProvider';
/** Amplify refreshes a token within this many milliseconds of its expiry (isTokenExpired's default). */
const EXPIRY_TOLERANCE_MS = 5000;

type TJwt = { toString(): string; readonly payload: Readonly<Record<string, unknown>> };

/** What getCurrentUser answers (Amplify's AuthUser). */
export type TStoredUser = {
  readonly username: string;
  readonly userId: string;
  readonly signInDetails?: { readonly loginId?: string; readonly authFlowType?: string };
};

export type TStoredSession =
  /** No tokens for the pool's last user: Amplify would report no session either. */
  | { readonly kind: 'none' }
  | { readonly kind: 'valid'; readonly idToken: TJwt; readonly user: TStoredUser }
  /** Expired, unreadable or not configured yet: Amplify's to answer. */
  | { readonly kind: 'ask-amplify' };

/** The last tokens decoded: every API request reads the stored session, and its tokens seldom change. */
const decodedTokens = new Map<string, TJwt | null>();
const DECODED_TOKENS_KEPT = 4;

/** A JWT's payload, or null when it is not one. Signatures are the server's to check, as with Amplify. */
export function decodeJwt(token: string): TJwt | null {
  if (decodedTokens.has(token)) return decodedTokens.get(token) ?? null;
  const decoded = decodeJwtPayload(token);
  if (decodedTokens.size >= DECODED_TOKENS_KEPT) decodedTokens.clear();
  decodedTokens.set(token, decoded);
  return decoded;
}

function decodeJwtPayload(token: string): TJwt | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const binary = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))),
    );
    if (typeof payload !== 'object' || payload === null) return null;
    return { toString: () => token, payload: payload as Record<string, unknown> };
  } catch {
    return null;
  }
}

function isFresh(token: TJwt, clockDrift: number, now: number): boolean {
  const expiresAt = token.payload.exp;
  return typeof expiresAt === 'number' && now + clockDrift + EXPIRY_TOLERANCE_MS <= expiresAt * 1000;
}

type TStorage = Pick<Storage, 'getItem'>;

/** The session Amplify keeps for `clientId`'s last user in `storage`, as of `now`. */
export function readStoredSession(
  storage: TStorage | null,
  clientId: string | null,
  now: number,
): TStoredSession {
  if (!storage || !clientId) return { kind: 'ask-amplify' };
  try {
    const lastUser = storage.getItem(`${PREFIX}.${clientId}.LastAuthUser`) ?? 'username';
    const item = (name: string) => storage.getItem(`${PREFIX}.${clientId}.${lastUser}.${name}`);
    const accessString = item('accessToken');
    if (!accessString) return { kind: 'none' };
    const accessToken = decodeJwt(accessString);
    const idString = item('idToken');
    const idToken = idString ? decodeJwt(idString) : null;
    const clockDrift = Number.parseInt(item('clockDrift') ?? '0', 10);
    if (!accessToken || !idToken || Number.isNaN(clockDrift)) return { kind: 'ask-amplify' };
    if (!isFresh(accessToken, clockDrift, now) || !isFresh(idToken, clockDrift, now)) {
      return { kind: 'ask-amplify' };
    }
    const { 'cognito:username': username, sub: userId } = idToken.payload;
    if (typeof username !== 'string' || typeof userId !== 'string') return { kind: 'ask-amplify' };
    const details = item('signInDetails');
    const signInDetails = details ? (JSON.parse(details) as TStoredUser['signInDetails']) : undefined;
    return {
      kind: 'valid',
      idToken,
      user: { username, userId, ...(signInDetails ? { signInDetails } : {}) },
    };
  } catch {
    return { kind: 'ask-amplify' };
  }
}

/** Amplify's answer to getCurrentUser without a session. */
function noSessionError(): Error {
  const error = new Error('User needs to be authenticated to call this API.');
  error.name = 'UserUnAuthenticatedException';
  return error;
}

/**
 * `identity` with getCurrentUser and fetchAuthSession (without a forced refresh) answered from the stored
 * tokens when they are valid or absent; Amplify answers the rest.
 */
export function withStoredTokens(identity: TIdentityClient, read: () => TStoredSession): TIdentityClient {
  return {
    signIn: (input) => identity.signIn(input),
    signOut: () => identity.signOut(),
    confirmSignIn: (input) => identity.confirmSignIn(input),
    async getCurrentUser() {
      const stored = read();
      if (stored.kind === 'valid') return stored.user;
      if (stored.kind === 'none') throw noSessionError();
      return identity.getCurrentUser();
    },
    async fetchAuthSession(options) {
      if (options?.forceRefresh) return identity.fetchAuthSession(options);
      const stored = read();
      if (stored.kind === 'valid') return { tokens: { idToken: stored.idToken } } satisfies TSessionLike;
      if (stored.kind === 'none') return {};
      return identity.fetchAuthSession(options);
    },
  };
}
