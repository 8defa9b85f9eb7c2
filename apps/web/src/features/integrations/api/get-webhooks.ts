import { ZWebhookSubscriptionSchema } from '@loupe/domain/integrations/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { webhooksQueryKeys } from './webhooks-query-keys';

/** GET /webhooks: every subscription (never its secret). */
export async function getWebhooks(signal?: AbortSignal) {
  return parseData(
    z.array(ZWebhookSubscriptionSchema),
    await apiClient.get('webhooks', signal ? { signal } : {}),
  );
}

export function useWebhooks() {
  return useQuery(
    queryOptions({ queryKey: webhooksQueryKeys.subscriptions, queryFn: ({ signal }) => getWebhooks(signal) }),
  );
}
