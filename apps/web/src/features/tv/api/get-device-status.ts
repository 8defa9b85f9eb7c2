import { ZTvDeviceStatusSchema } from '@loupe/domain/tv/tv-displays';
import { useQuery } from '@tanstack/react-query';
import { parseData } from '@/lib/api-envelope';
import { isNotPaired } from '../tv-errors';
import { tvApiClient } from './tv-api-client';
import { tvQueryKeys } from './tv-query-keys';

/** How often a TV showing its code asks whether a manager entered it. */
const PAIRING_POLL_MS = 2000;

/** GET /tv/device: still waiting for the code to be entered, or paired (and to which station). */
export async function getDeviceStatus(signal?: AbortSignal) {
  return parseData(ZTvDeviceStatusSchema, await tvApiClient.get('tv/device', signal ? { signal } : {}));
}

/** While a TV shows its code (`token` held): asks until it is paired; a TV no longer paired stops asking. */
export function useDeviceStatus(token: string | null) {
  return useQuery({
    queryKey: [...tvQueryKeys.deviceStatus, token],
    queryFn: ({ signal }) => getDeviceStatus(signal),
    enabled: token !== null,
    refetchInterval: (query) => (query.state.data?.status === 'paired' ? false : PAIRING_POLL_MS),
    retry: (_count, error) => !isNotPaired(error),
    retryDelay: 5000,
  });
}
