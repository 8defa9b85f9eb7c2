import { useMutation } from '@tanstack/react-query';
import { startTotpSetup } from '@/lib/auth/mfa-preferences';

/** AssociateSoftwareToken: the key (and QR link) of a new authenticator app for `email`. */
export function useStartTotpSetup(email: string) {
  return useMutation({ mutationFn: () => startTotpSetup(email) });
}
