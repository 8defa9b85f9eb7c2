import { ZEpcisCaptureTestResultSchema } from '@loupe/domain/integrations/epcis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { epcisQueryKeys } from './epcis-query-keys';

/** POST /integrations/epcis-capture/test: a one-event document sent at once, and the repository's answer. */
export async function sendEpcisCaptureTest() {
  return parseData(ZEpcisCaptureTestResultSchema, await apiClient.post('integrations/epcis-capture/test'));
}

export function useSendEpcisCaptureTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEpcisCaptureTest,
    // The status line (last capture, last error) may have changed with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: epcisQueryKeys.capture }),
  });
}
