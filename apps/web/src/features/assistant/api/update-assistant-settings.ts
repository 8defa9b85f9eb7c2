import {
  type TUpdateAssistantSettingsInput,
  ZAssistantSettingsSchema,
} from '@loupe/domain/assistant/assistant-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { assistantQueryKeys } from './assistant-query-keys';

/** PUT /assistant/settings (admins). */
export async function updateAssistantSettings(input: TUpdateAssistantSettingsInput) {
  return parseData(ZAssistantSettingsSchema, await apiClient.put('assistant/settings', input));
}

export function useUpdateAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssistantSettings,
    onSuccess: (data) => queryClient.setQueryData(assistantQueryKeys.settings, data),
  });
}
