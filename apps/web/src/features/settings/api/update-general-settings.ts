import {
  type TWorkshopGeneralSettingsChanges,
  ZWorkshopGeneralSettingsSchema,
} from '@loupe/domain/settings/workshop-general-settings';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { settingsQueryKeys } from './settings-query-keys';

export async function updateGeneralSettings(changes: TWorkshopGeneralSettingsChanges) {
  return parseData(ZWorkshopGeneralSettingsSchema, await apiClient.put('settings/general', changes));
}

export function useUpdateGeneralSettings() {
  return useSaveMutation({ mutationFn: updateGeneralSettings, queryKey: settingsQueryKeys.general });
}
