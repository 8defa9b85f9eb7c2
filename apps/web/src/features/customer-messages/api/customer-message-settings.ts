import {
  type TCustomerMessageSettingsChanges,
  type TOutboxQuery,
  ZCustomerMessageSettingsSchema,
  ZOutboxMessageSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** Settings › customer messages and its outbox (issue 15 §5). */
export const customerMessageSettingsQueryKey = ['settings', 'customer-messages'] as const;
export const customerMessageOutboxQueryKey = ['customer-messages', 'outbox'] as const;

export async function getCustomerMessageSettings() {
  return parseData(ZCustomerMessageSettingsSchema, await apiClient.get('settings/customer-messages'));
}

export function useCustomerMessageSettings() {
  return useQuery(
    queryOptions({ queryKey: customerMessageSettingsQueryKey, queryFn: getCustomerMessageSettings }),
  );
}

export async function updateCustomerMessageSettings(changes: TCustomerMessageSettingsChanges) {
  return parseData(
    ZCustomerMessageSettingsSchema,
    await apiClient.put('settings/customer-messages', changes),
  );
}

export function useUpdateCustomerMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerMessageSettings,
    onSuccess: (saved) => queryClient.setQueryData(customerMessageSettingsQueryKey, saved),
  });
}

export async function getCustomerMessageOutbox(query: Partial<TOutboxQuery>, signal?: AbortSignal) {
  const searchParams = { limit: query.limit ?? 100, ...(query.status ? { status: query.status } : {}) };
  const body = await apiClient.get('customer-messages', { searchParams, ...(signal ? { signal } : {}) });
  return parseData(z.array(ZOutboxMessageSchema), body);
}

const OUTBOX_POLL_MS = 15_000;
const JUST_QUEUED_POLL_MS = 2_000;

export function useCustomerMessageOutbox(query: Partial<TOutboxQuery>) {
  return useQuery(
    queryOptions({
      queryKey: [...customerMessageOutboxQueryKey, query.status ?? 'all'],
      queryFn: ({ signal }) => getCustomerMessageOutbox(query, signal),
      // Deliveries happen on the server's sweep: the list follows them while it is open, closely while a
      // message has not been tried yet (someone just sent it and waits to see it go).
      refetchInterval: (current) =>
        current.state.data?.some(
          (message) => message.status === 'queued' && message.attempts === 0 && message.lastError === null,
        )
          ? JUST_QUEUED_POLL_MS
          : OUTBOX_POLL_MS,
    }),
  );
}

export async function retryCustomerMessage(id: string) {
  return parseData(
    ZOutboxMessageSchema,
    await apiClient.post(`customer-messages/${encodeURIComponent(id)}/retry`),
  );
}

export function useRetryCustomerMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryCustomerMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerMessageOutboxQueryKey }),
  });
}
