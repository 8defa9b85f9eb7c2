import {
  type TUpdateAssistantSettingsInput,
  ZAssistantSettingsSchema,
} from '@loupe/domain/assistant/assistant-api';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { assistantQueryKeys } from './assistant-query-keys';

/** PUT /assistant/settings (admins). */
export async function updateAssistantSettings(input: TUpdateAssistantSettingsInput) {
  return parseData(ZAssistantSettingsSchema, await apiClient.put('assistant/settings', input));
}

export function useUpdateAssistantSettings() {
  return useSaveMutation({ mutationFn: updateAssistantSettings, queryKey: assistantQueryKeys.settings });
}
