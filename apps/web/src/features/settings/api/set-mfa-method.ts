import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setMfaMethod } from '@/lib/auth/mfa-preferences';
import type { TMfaMethod } from '@/lib/auth/sign-in-steps';
import { mfaPreferencesQueryKey } from './get-mfa-preferences';

/** SetUserMFAPreference: one second factor on or off; the preferences are read again after. */
export function useSetMfaMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { method: TMfaMethod; isOn: boolean }) => setMfaMethod(input.method, input.isOn),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaPreferencesQueryKey }),
  });
}
