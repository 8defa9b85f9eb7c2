import { ZWorkshopGeneralSettingsSchema } from '@loupe/domain/settings/workshop-general-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

export async function getGeneralSettings() {
  return parseData(ZWorkshopGeneralSettingsSchema, await apiClient.get('settings/general'));
}

export const generalSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKeys.general, queryFn: getGeneralSettings });

export function useGeneralSettings() {
  return useQuery(generalSettingsQueryOptions());
}
