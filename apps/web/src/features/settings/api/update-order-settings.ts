import { type TOrderSettingsChanges, ZOrderSettingsSchema } from '@loupe/domain/settings/order-settings';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { orderSettingsQueryKey } from './get-order-settings';

export async function updateOrderSettings(changes: TOrderSettingsChanges) {
  return parseData(ZOrderSettingsSchema, await apiClient.put('settings/orders', changes));
}

export function useUpdateOrderSettings() {
  return useSaveMutation({ mutationFn: updateOrderSettings, queryKey: orderSettingsQueryKey });
}
