import { ZSecuritySettingsSchema } from '@loupe/domain/settings/security-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

export async function getSecuritySettings() {
  return parseData(ZSecuritySettingsSchema, await apiClient.get('settings/security'));
}

export const securitySettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKeys.security, queryFn: getSecuritySettings });

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}
