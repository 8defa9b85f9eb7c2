import { type TOutboxQuery, ZOutboxMessageSchema } from '@loupe/domain/customer-messages/customer-messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { customerMessagesQueryKeys } from './customer-messages-query-keys';

/** GET /customer-messages: the outbox (at most `limit` messages, or only those of one status). */
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
      queryKey: [...customerMessagesQueryKeys.outbox, query.status ?? 'all'],
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
