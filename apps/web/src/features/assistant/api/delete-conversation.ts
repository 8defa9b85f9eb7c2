import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { assistantQueryKeys } from './assistant-query-keys';

/** DELETE /assistant/conversations/{id}: the chat and its messages. */
export async function deleteConversation(id: string) {
  await apiClient.delete(`assistant/conversations/${encodeURIComponent(id)}`);
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantQueryKeys.conversations }),
  });
}
