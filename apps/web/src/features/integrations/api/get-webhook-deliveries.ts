import { type TWebhookDeliveryQuery, ZWebhookDeliveryPageSchema } from '@loupe/domain/integrations/webhooks';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { webhooksQueryKeys } from './webhooks-query-keys';

const PAGE_SIZE = 20;
const LOG_POLL_MS = 10_000;

/** GET /webhooks/deliveries: one page of the delivery log, newest first. */
export async function getWebhookDeliveries(
  query: Partial<Pick<TWebhookDeliveryQuery, 'subscriptionId' | 'cursor'>>,
  signal?: AbortSignal,
) {
  const searchParams = {
    limit: PAGE_SIZE,
    ...(query.subscriptionId ? { subscriptionId: query.subscriptionId } : {}),
    ...(query.cursor ? { cursor: query.cursor } : {}),
  };
  const body = await apiClient.get('webhooks/deliveries', { searchParams, ...(signal ? { signal } : {}) });
  return parseData(ZWebhookDeliveryPageSchema, body);
}

/** The log, page after page; it follows the dispatcher's sweeps while it is open. */
export function useWebhookDeliveries(subscriptionId?: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...webhooksQueryKeys.deliveries, subscriptionId ?? 'all'],
      queryFn: ({ pageParam, signal }) =>
        getWebhookDeliveries(
          { ...(subscriptionId ? { subscriptionId } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      refetchInterval: LOG_POLL_MS,
    }),
  );
}
