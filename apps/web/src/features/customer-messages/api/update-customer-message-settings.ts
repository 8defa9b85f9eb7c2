import {
  type TCustomerMessageSettingsChanges,
  ZCustomerMessageSettingsSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { customerMessagesQueryKeys } from './customer-messages-query-keys';

/** PUT /settings/customer-messages: only what changed; the answer is the stored settings. */
export async function updateCustomerMessageSettings(changes: TCustomerMessageSettingsChanges) {
  return parseData(
    ZCustomerMessageSettingsSchema,
    await apiClient.put('settings/customer-messages', changes),
  );
}

export function useUpdateCustomerMessageSettings() {
  return useSaveMutation({
    mutationFn: updateCustomerMessageSettings,
    queryKey: customerMessagesQueryKeys.settings,
  });
}
