import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TProfileChanges } from '@loupe/domain/users/account-requests';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';

/** PUT /auth/profile (spec §7): one's own names and phone; never the role or the e-mail address. */
export async function updateProfile(changes: TProfileChanges): Promise<void> {
  await apiClient.put('auth/profile', changes, { errorMessage: ERROR_MESSAGES.updateProfileFailed });
}

export function useUpdateProfile() {
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    // The shell shows the name from the signed-in user, so re-read it.
    onSuccess: () => refreshUser(),
  });
}
