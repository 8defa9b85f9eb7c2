import { ZWebhookDeliverySchema } from '@loupe/domain/integrations/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { webhooksQueryKeys } from './webhooks-query-keys';

/** POST /webhooks/{id}/test: a webhook.test event, sent at once; the log shows how it went. */
export async function sendWebhookTest(id: string) {
  return parseData(ZWebhookDeliverySchema, await apiClient.post(`webhooks/${encodeURIComponent(id)}/test`));
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.deliveries }),
  });
}
