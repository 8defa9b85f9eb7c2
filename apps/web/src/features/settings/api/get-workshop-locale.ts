import { ZWorkshopDefaultsSchema } from '@loupe/domain/settings/workshop-defaults';
import { WORKSHOP_LOCALE_DEFAULT } from '@loupe/domain/settings/workshop-locale';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

/**
 * GET /settings/workshop-defaults: what every signed-in user's screens need of Settings › general, which itself
 * is for admins and managers (spec §6).
 */
export async function getWorkshopDefaults(signal?: AbortSignal) {
  return parseData(
    ZWorkshopDefaultsSchema,
    await apiClient.get('settings/workshop-defaults', signal ? { signal } : {}),
  );
}

/** The workshop's locale (issue 35 §5): how every screen writes dates and figures. */
export function useWorkshopLocale() {
  return useQuery({
    queryKey: settingsQueryKeys.workshopDefaults,
    queryFn: ({ signal }) => getWorkshopDefaults(signal),
    select: (defaults) => defaults.locale ?? WORKSHOP_LOCALE_DEFAULT,
  });
}
