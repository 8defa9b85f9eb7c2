import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhooksQueryKeys } from './webhooks-query-keys';

/** DELETE /webhooks/{id}: the subscription and its delivery log. */
export async function deleteWebhook(id: string) {
  await apiClient.delete(`webhooks/${encodeURIComponent(id)}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.subscriptions });
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.deliveries });
    },
  });
}
