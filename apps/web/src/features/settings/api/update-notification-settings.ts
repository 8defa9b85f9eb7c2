import {
  type TNotificationSettingsChanges,
  ZNotificationSettingsSchema,
} from '@loupe/domain/settings/notification-settings';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { settingsQueryKeys } from './settings-query-keys';

export async function updateNotificationSettings(changes: TNotificationSettingsChanges) {
  return parseData(ZNotificationSettingsSchema, await apiClient.put('settings/notifications', changes));
}

export function useUpdateNotificationSettings() {
  return useSaveMutation({
    mutationFn: updateNotificationSettings,
    queryKey: settingsQueryKeys.notifications,
  });
}
