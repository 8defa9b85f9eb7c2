import { ZAssistantConversationSchema } from '@loupe/domain/assistant/assistant-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { assistantQueryKeys } from './assistant-query-keys';

/** PATCH /assistant/conversations/{id}: a new title. */
export async function renameConversation(input: { id: string; title: string }) {
  return parseData(
    ZAssistantConversationSchema,
    await apiClient.patch(`assistant/conversations/${encodeURIComponent(input.id)}`, { title: input.title }),
  );
}

export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantQueryKeys.all }),
  });
}
