import {
  type TUpdateAssistantSettingsInput,
  ZConnectionTestSchema,
} from '@loupe/domain/assistant/assistant-api';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** POST /assistant/settings/test (admins): a one-word question to the provider as set in the form. */
export async function testAssistantConnection(input: TUpdateAssistantSettingsInput) {
  return parseData(ZConnectionTestSchema, await apiClient.post('assistant/settings/test', input));
}

export function useTestAssistantConnection() {
  return useMutation({ mutationFn: testAssistantConnection });
}
