import { ZNotificationListSchema } from '@loupe/domain/alerts/alerts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { notificationsQueryKeys } from './notifications-query-keys';

/** GET /notifications: my latest notices and the unread count. */
export async function getNotifications(signal?: AbortSignal) {
  return parseData(ZNotificationListSchema, await apiClient.get('notifications', signal ? { signal } : {}));
}

export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKeys.all,
    queryFn: ({ signal }) => getNotifications(signal),
  });
}
