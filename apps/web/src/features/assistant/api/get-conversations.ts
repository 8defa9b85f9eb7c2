import { ZAssistantConversationSchema } from '@loupe/domain/assistant/assistant-api';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { assistantQueryKeys } from './assistant-query-keys';

/** GET /assistant/conversations: my chats, the latest first. */
export async function getConversations(signal?: AbortSignal) {
  return parseData(
    z.array(ZAssistantConversationSchema),
    await apiClient.get('assistant/conversations', signal ? { signal } : {}),
  );
}

export function useConversations() {
  return useQuery({
    queryKey: assistantQueryKeys.conversations,
    queryFn: ({ signal }) => getConversations(signal),
  });
}
