import { useQuery } from '@tanstack/react-query';
import { getMfaPreferences } from '@/lib/auth/mfa-preferences';

export const mfaPreferencesQueryKey = ['auth', 'mfa-preferences'] as const;

/** The signed-in user's own second factors (the identity service's GetUser). */
export function useMfaPreferences() {
  return useQuery({ queryKey: mfaPreferencesQueryKey, queryFn: getMfaPreferences });
}
