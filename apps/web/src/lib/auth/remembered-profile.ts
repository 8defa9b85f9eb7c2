import { ZRoleSchema } from '@loupe/domain/auth/roles';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';
import type { TCurrentUser } from './auth-context';

/**
 * The signed-in user's profile as last read from the server, kept so a reload paints the signed-in shell at
 * once instead of after GET /auth/profile (issue 35 §4: that request sat on the path to the first paint of every
 * signed-in page). Only for the user whose session Amplify holds; the server's answer replaces it moments later,
 * and it goes with the session at logout. What it holds (name, e-mail, role) only shapes the screen: the server
 * still decides every permission.
 */
export const REMEMBERED_PROFILE_KEY = 'loupe.rememberedProfile';

const ZRememberedProfileSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    email: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().optional(),
    role: ZRoleSchema,
  }),
);

export type TProfileStore = {
  /** The remembered profile of `userId`, or null (none, another user's, or unreadable). */
  read(userId: string): TCurrentUser | null;
  write(user: TCurrentUser): void;
  clear(): void;
};

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createProfileStore(storage: () => TStorage | null): TProfileStore {
  // Storage can be blocked (private modes, policies): remembering is then skipped, never an error.
  const attempt = <T>(work: (store: TStorage) => T, fallback: T): T => {
    try {
      const store = storage();
      return store ? work(store) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    read: (userId) =>
      attempt((store) => {
        const parsed = ZRememberedProfileSchema.safeParse(
          JSON.parse(store.getItem(REMEMBERED_PROFILE_KEY) ?? 'null'),
        );
        if (!parsed.success || parsed.data.id !== userId) return null;
        const { phone, ...rest } = parsed.data;
        return { ...rest, ...(phone !== undefined ? { phone } : {}), department: null };
      }, null),
    write: (user) =>
      attempt((store) => {
        const { identity: _identity, department: _department, ...profile } = user;
        store.setItem(REMEMBERED_PROFILE_KEY, JSON.stringify(profile));
      }, undefined),
    clear: () => attempt((store) => store.removeItem(REMEMBERED_PROFILE_KEY), undefined),
  };
}

/** The browser's local storage, where Amplify keeps the session too. */
export const browserProfileStore = createProfileStore(() =>
  typeof window === 'undefined' ? null : window.localStorage,
);
