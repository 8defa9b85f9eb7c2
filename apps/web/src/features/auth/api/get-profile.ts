import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { fetchProfile, type TAccountProfile } from '@/lib/auth/current-user';

export const profileQueryKey = ['auth', 'profile'] as const;

/** GET /auth/profile (spec §7): the signed-in user's profile, under `data`. */
export function getProfile(): Promise<TAccountProfile> {
  return fetchProfile(apiClient);
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
