import {
  type TNotificationSettingsChanges,
  ZNotificationSettingsSchema,
} from '@loupe/domain/settings/notification-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

export async function updateNotificationSettings(changes: TNotificationSettingsChanges) {
  return parseData(ZNotificationSettingsSchema, await apiClient.put('settings/notifications', changes));
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKeys.notifications, saved),
  });
}
