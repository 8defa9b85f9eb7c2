import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationsQueryKeys } from './notifications-query-keys';

/** POST /notifications/{id}/read, or /notifications/read-all without an id. */
export async function markNotificationsRead(id?: string) {
  await apiClient.post(
    id === undefined ? 'notifications/read-all' : `notifications/${encodeURIComponent(id)}/read`,
  );
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKeys.all }),
  });
}
