import {
  type TWorkshopGeneralSettingsChanges,
  ZWorkshopGeneralSettingsSchema,
} from '@loupe/domain/settings/workshop-general-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

export async function updateGeneralSettings(changes: TWorkshopGeneralSettingsChanges) {
  return parseData(ZWorkshopGeneralSettingsSchema, await apiClient.put('settings/general', changes));
}

/** Shows what the server kept, and refreshes what every screen reads of it (the locale of issue 35 §5). */
export function useUpdateGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGeneralSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKeys.general, saved);
      void queryClient.invalidateQueries({ queryKey: settingsQueryKeys.workshopDefaults });
    },
  });
}
