import { ZEpcisCaptureSettingsSchema } from '@loupe/domain/integrations/epcis';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { epcisQueryKeys } from './epcis-query-keys';

/** While the section is open, the status line follows the capture queue. */
const STATUS_POLL_MS = 10_000;

/** GET /integrations/epcis-capture: the repository Loupe captures to (never its authorization) and how it goes. */
export async function getEpcisCapture(signal?: AbortSignal) {
  return parseData(
    ZEpcisCaptureSettingsSchema,
    await apiClient.get('integrations/epcis-capture', signal ? { signal } : {}),
  );
}

export const epcisCaptureQueryOptions = () =>
  queryOptions({
    queryKey: epcisQueryKeys.capture,
    queryFn: ({ signal }) => getEpcisCapture(signal),
    refetchInterval: STATUS_POLL_MS,
  });

export function useEpcisCapture() {
  return useQuery(epcisCaptureQueryOptions());
}
