import { ZCustomerMessageSettingsSchema } from '@loupe/domain/customer-messages/customer-messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { customerMessagesQueryKeys } from './customer-messages-query-keys';

/** GET /settings/customer-messages: the templates, the sending mode and the SMS sender. */
export async function getCustomerMessageSettings() {
  return parseData(ZCustomerMessageSettingsSchema, await apiClient.get('settings/customer-messages'));
}

export function useCustomerMessageSettings() {
  return useQuery(
    queryOptions({ queryKey: customerMessagesQueryKeys.settings, queryFn: getCustomerMessageSettings }),
  );
}
