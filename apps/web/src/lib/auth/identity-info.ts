import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';
import type { TIdentityClient } from './auth-client';
import type { TCurrentUser, TIdentityInfo } from './auth-context';

/** What Amplify's getCurrentUser answers (its AuthUser): the pool's user name and id, and how they signed in. */
const ZAuthUserSchema = lazySchema(() =>
  z.object({
    username: z.string(),
    userId: z.string(),
    signInDetails: z
      .object({ loginId: z.string().optional(), authFlowType: z.string().optional() })
      .optional(),
  }),
);

/**
 * Spec §3: the id token's payload merged into the user info with username, userId and signInDetails. The
 * identity service's own fields win over a claim of the same name. Null when there is no session to read.
 */
export async function loadIdentityInfo(
  identity: Pick<TIdentityClient, 'getCurrentUser' | 'fetchAuthSession'>,
): Promise<TIdentityInfo | null> {
  try {
    const [current, session] = await Promise.all([identity.getCurrentUser(), identity.fetchAuthSession()]);
    const parsed = ZAuthUserSchema.safeParse(current);
    if (!parsed.success) return null;
    const { username, userId, signInDetails } = parsed.data;
    return {
      ...session.tokens?.idToken?.payload,
      username,
      userId,
      signInDetails: signInDetails ?? null,
    };
  } catch (error) {
    console.warn('Could not read the identity of the session', error);
    return null;
  }
}

/** The backend profile with the session's identity info (spec §3); the profile alone when there is none. */
export function withIdentityInfo(user: TCurrentUser, identity: TIdentityInfo | null): TCurrentUser {
  return identity === null ? user : { ...user, identity };
}
