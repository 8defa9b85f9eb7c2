import { ZTvPairingSchema } from '@loupe/domain/tv/tv-displays';
import { parseData } from '@/lib/api-envelope';
import { tvApiClient } from './tv-api-client';

/** POST /tv/pairings: a new code for this TV, and the credential it becomes once a manager enters the code. */
export async function startPairing() {
  return parseData(ZTvPairingSchema, await tvApiClient.post('tv/pairings'));
}
