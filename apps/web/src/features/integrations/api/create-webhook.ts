import {
  type TWebhookSubscriptionInput,
  ZWebhookSubscriptionWithSecretSchema,
} from '@loupe/domain/integrations/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { webhooksQueryKeys } from './webhooks-query-keys';

/** POST /webhooks: the answer carries the signing secret, this once. */
export async function createWebhook(input: TWebhookSubscriptionInput) {
  return parseData(ZWebhookSubscriptionWithSecretSchema, await apiClient.post('webhooks', input));
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.subscriptions }),
  });
}
