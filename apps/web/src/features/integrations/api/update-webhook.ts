import {
  type TWebhookSubscriptionChanges,
  ZWebhookSubscriptionSchema,
} from '@loupe/domain/integrations/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { webhooksQueryKeys } from './webhooks-query-keys';

/** PATCH /webhooks/{id}: only what changed (enabled: true turns a disabled one on again). */
export async function updateWebhook({ id, changes }: { id: string; changes: TWebhookSubscriptionChanges }) {
  return parseData(
    ZWebhookSubscriptionSchema,
    await apiClient.patch(`webhooks/${encodeURIComponent(id)}`, changes),
  );
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.subscriptions }),
  });
}
