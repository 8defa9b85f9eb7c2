import { ZAssistantSettingsSchema } from '@loupe/domain/assistant/assistant-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { assistantQueryKeys } from './assistant-query-keys';

/** GET /assistant/settings: the provider, model, name and tone; never the key. */
export async function getAssistantSettings(signal?: AbortSignal) {
  return parseData(
    ZAssistantSettingsSchema,
    await apiClient.get('assistant/settings', signal ? { signal } : {}),
  );
}

export function useAssistantSettings() {
  return useQuery({
    queryKey: assistantQueryKeys.settings,
    queryFn: ({ signal }) => getAssistantSettings(signal),
  });
}
