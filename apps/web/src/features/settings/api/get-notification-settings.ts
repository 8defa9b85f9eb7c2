import { ZNotificationSettingsSchema } from '@loupe/domain/settings/notification-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

/** The signed-in user's own preferences. */
export async function getNotificationSettings() {
  return parseData(ZNotificationSettingsSchema, await apiClient.get('settings/notifications'));
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKeys.notifications, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
