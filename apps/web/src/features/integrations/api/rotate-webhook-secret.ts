import { ZWebhookSubscriptionWithSecretSchema } from '@loupe/domain/integrations/webhooks';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** POST /webhooks/{id}/rotate-secret: a new secret, in this answer only. */
export async function rotateWebhookSecret(id: string) {
  return parseData(
    ZWebhookSubscriptionWithSecretSchema,
    await apiClient.post(`webhooks/${encodeURIComponent(id)}/rotate-secret`),
  );
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}
