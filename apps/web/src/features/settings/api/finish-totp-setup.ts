import { useMutation, useQueryClient } from '@tanstack/react-query';
import { finishTotpSetup } from '@/lib/auth/mfa-preferences';
import { mfaPreferencesQueryKey } from './get-mfa-preferences';

/** VerifySoftwareToken with the app's code, then TOTP on; the preferences are read again after. */
export function useFinishTotpSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => finishTotpSetup(code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaPreferencesQueryKey }),
  });
}
