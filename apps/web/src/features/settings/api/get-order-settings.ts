import { ZOrderSettingsSchema } from '@loupe/domain/settings/order-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** Settings › orders; its own key beside the table in envelope.ts, under the same 'settings' root. */
export const orderSettingsQueryKey = ['settings', 'orders'] as const;

export async function getOrderSettings() {
  return parseData(ZOrderSettingsSchema, await apiClient.get('settings/orders'));
}

export const orderSettingsQueryOptions = () =>
  queryOptions({ queryKey: orderSettingsQueryKey, queryFn: getOrderSettings });

export function useOrderSettings() {
  return useQuery(orderSettingsQueryOptions());
}
