import { ZOutboxMessageSchema } from '@loupe/domain/customer-messages/customer-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { customerMessagesQueryKeys } from './customer-messages-query-keys';

/** POST /customer-messages/{id}/retry: a failed message goes back to the queue. */
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerMessagesQueryKeys.outbox }),
  });
}
