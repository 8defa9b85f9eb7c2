import { ZAssistantConversationDetailSchema } from '@loupe/domain/assistant/assistant-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { assistantQueryKeys } from './assistant-query-keys';

/** GET /assistant/conversations/{id}: one chat with its messages. */
export async function getConversation(id: string, signal?: AbortSignal) {
  return parseData(
    ZAssistantConversationDetailSchema,
    await apiClient.get(`assistant/conversations/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  );
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: assistantQueryKeys.conversation(id ?? ''),
    queryFn: ({ signal }) => getConversation(id ?? '', signal),
    enabled: id !== null,
  });
}
