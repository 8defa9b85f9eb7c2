import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /users/{id}/mfa/reset: turns a user's two-step sign-in off (a lost authenticator, issue 20 §4). Nothing
 * shown in the list changes, so nothing is invalidated.
 */
export async function resetUserMfa({ id }: { id: string }): Promise<void> {
  await apiClient.post(`users/${encodeURIComponent(id)}/mfa/reset`);
}

export function useResetUserMfa() {
  return useMutation({ mutationFn: resetUserMfa });
}
