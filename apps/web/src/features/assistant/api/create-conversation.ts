import { ZAssistantConversationSchema } from '@loupe/domain/assistant/assistant-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { assistantQueryKeys } from './assistant-query-keys';

/** POST /assistant/conversations: a new chat. */
export async function createConversation() {
  return parseData(ZAssistantConversationSchema, await apiClient.post('assistant/conversations', {}));
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantQueryKeys.conversations }),
  });
}
