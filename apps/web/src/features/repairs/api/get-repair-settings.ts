import { ZOrderSettingsSchema } from '@loupe/domain/settings/order-settings';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { repairsQueryKeys } from './query-keys';

/** GET /settings/orders: the repair lead time gives a new repair its default promised date. */
export async function getRepairSettings(signal?: AbortSignal) {
  return parseData(ZOrderSettingsSchema, await apiClient.get('settings/orders', signal ? { signal } : {}));
}

export function useRepairSettings() {
  return useQuery({
    queryKey: repairsQueryKeys.settings,
    queryFn: ({ signal }) => getRepairSettings(signal),
  });
}
