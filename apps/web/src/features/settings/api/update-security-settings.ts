import {
  type TSecuritySettingsChanges,
  ZSecuritySettingsSchema,
} from '@loupe/domain/settings/security-settings';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { settingsQueryKeys } from './settings-query-keys';

export async function updateSecuritySettings(changes: TSecuritySettingsChanges) {
  return parseData(ZSecuritySettingsSchema, await apiClient.put('settings/security', changes));
}

export function useUpdateSecuritySettings() {
  return useSaveMutation({ mutationFn: updateSecuritySettings, queryKey: settingsQueryKeys.security });
}
