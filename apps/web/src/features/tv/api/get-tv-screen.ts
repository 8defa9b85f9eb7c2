import { ZStationScreenSchema } from '@loupe/domain/tv/tv-displays';
import { parseData } from '@/lib/api-envelope';
import { tvApiClient } from './tv-api-client';

/** GET /tv/screen: the paired TV's own station screen. */
export async function getTvScreen(signal?: AbortSignal) {
  return parseData(ZStationScreenSchema, await tvApiClient.get('tv/screen', signal ? { signal } : {}));
}
