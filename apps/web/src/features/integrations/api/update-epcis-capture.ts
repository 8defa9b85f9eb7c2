import {
  type TEpcisCaptureSettingsInput,
  ZEpcisCaptureSettingsSchema,
} from '@loupe/domain/integrations/epcis';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { epcisQueryKeys } from './epcis-query-keys';

/** PUT /integrations/epcis-capture: `authorization` left out keeps the stored one, null removes it. */
export async function updateEpcisCapture(input: TEpcisCaptureSettingsInput) {
  return parseData(ZEpcisCaptureSettingsSchema, await apiClient.put('integrations/epcis-capture', input));
}

export function useUpdateEpcisCapture() {
  return useSaveMutation({ mutationFn: updateEpcisCapture, queryKey: epcisQueryKeys.capture });
}
