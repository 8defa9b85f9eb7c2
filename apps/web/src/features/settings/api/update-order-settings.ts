import { type TOrderSettingsChanges, ZOrderSettingsSchema } from '@loupe/domain/settings/order-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { orderSettingsQueryKey } from './get-order-settings';

export async function updateOrderSettings(changes: TOrderSettingsChanges) {
  return parseData(ZOrderSettingsSchema, await apiClient.put('settings/orders', changes));
}

export function useUpdateOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderSettings,
    onSuccess: (saved) => queryClient.setQueryData(orderSettingsQueryKey, saved),
  });
}
