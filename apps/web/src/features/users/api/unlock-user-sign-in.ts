import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /users/{id}/unlock: lifts the slow-down of a user's sign-ins after wrong passwords, from every
 * address and browser at once (issue 20 §2). Nothing shown in the list changes, so nothing is invalidated.
 */
export async function unlockUserSignIn({ id }: { id: string }): Promise<void> {
  await apiClient.post(`users/${encodeURIComponent(id)}/unlock`);
}

export function useUnlockUserSignIn() {
  return useMutation({ mutationFn: unlockUserSignIn });
}
