import { ZWorkshopDefaultsSchema } from '@loupe/domain/settings/workshop-defaults';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { repairsQueryKeys } from './query-keys';

/**
 * GET /settings/workshop-defaults: the repair lead time gives a new repair its default promised date.
 * Settings › orders itself is for admins and managers (spec §6); every repair manager reads these.
 */
export async function getRepairSettings(signal?: AbortSignal) {
  return parseData(
    ZWorkshopDefaultsSchema,
    await apiClient.get('settings/workshop-defaults', signal ? { signal } : {}),
  );
}

export function useRepairSettings() {
  return useQuery({
    queryKey: repairsQueryKeys.settings,
    queryFn: ({ signal }) => getRepairSettings(signal),
  });
}
