import { ZTvDeviceStatusSchema } from '@loupe/domain/tv/tv-displays';
import { parseData } from '@/lib/api-envelope';
import { tvApiClient } from './tv-api-client';

/** GET /tv/device: still waiting for the code to be entered, or paired (and to which station). */
export async function getDeviceStatus(signal?: AbortSignal) {
  return parseData(ZTvDeviceStatusSchema, await tvApiClient.get('tv/device', signal ? { signal } : {}));
}
