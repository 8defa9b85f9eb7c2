import { toApplicationUser, ZUserProfileSchema } from '@loupe/domain/users/user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';
import type { TApiClient } from '../api-client';
import type { TCurrentUser } from './auth-context';

/** GET /auth/profile's `data`: the domain profile plus the display name and verification state the server adds. */
export const ZAccountProfileSchema = lazySchema(() =>
  ZUserProfileSchema.unwrap().extend({
    name: z.string().optional(),
    emailVerified: z.boolean().optional(),
    /** Issue 39: where they work; null (or an older server's silence) is every location. */
    homeLocationId: z.string().nullish(),
  }),
);
export type TAccountProfile = z.output<typeof ZAccountProfileSchema>;

export const ZProfileAnswerSchema = lazySchema(() => z.object({ data: ZAccountProfileSchema }));

export function toCurrentUser(profile: TAccountProfile): TCurrentUser {
  const user = toApplicationUser(profile, { name: profile.name ?? null });
  return {
    ...user,
    firstName: profile.firstName,
    lastName: profile.lastName,
    ...(profile.phone !== undefined ? { phone: profile.phone } : {}),
    homeLocationId: profile.homeLocationId ?? null,
  };
}

export const PROFILE_PATH = '/auth/profile';

/** GET /auth/profile (spec §7: the profile is under `data`). */
export async function fetchProfile(api: Pick<TApiClient, 'get'>): Promise<TAccountProfile> {
  return ZProfileAnswerSchema.parse(await api.get(PROFILE_PATH)).data;
}

export async function fetchCurrentUser(api: Pick<TApiClient, 'get'>): Promise<TCurrentUser> {
  return toCurrentUser(await fetchProfile(api));
}
