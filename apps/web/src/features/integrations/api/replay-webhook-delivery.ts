import { ZWebhookDeliverySchema } from '@loupe/domain/integrations/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { webhooksQueryKeys } from './webhooks-query-keys';

/** POST /webhooks/deliveries/{id}/replay: sent again with the same webhook-id. */
export async function replayWebhookDelivery(id: string) {
  return parseData(
    ZWebhookDeliverySchema,
    await apiClient.post(`webhooks/deliveries/${encodeURIComponent(id)}/replay`),
  );
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.deliveries }),
  });
}
