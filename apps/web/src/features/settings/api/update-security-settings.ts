import {
  type TSecuritySettingsChanges,
  ZSecuritySettingsSchema,
} from '@loupe/domain/settings/security-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

export async function updateSecuritySettings(changes: TSecuritySettingsChanges) {
  return parseData(ZSecuritySettingsSchema, await apiClient.put('settings/security', changes));
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKeys.security, saved),
  });
}
