import { type TTvPairing, ZTvPairingSchema } from '@loupe/domain/tv/tv-displays';
import { useMutation } from '@tanstack/react-query';
import { parseData } from '@/lib/api-envelope';
import { tvApiClient } from './tv-api-client';

/** POST /tv/pairings: a new code for this TV, and the credential it becomes once a manager enters the code. */
export async function startPairing() {
  return parseData(ZTvPairingSchema, await tvApiClient.post('tv/pairings'));
}

/** A TV asks for a code until the server answers. */
export function useStartPairing(onPairing: (answer: TTvPairing) => void) {
  return useMutation({ mutationFn: startPairing, onSuccess: onPairing, retry: true, retryDelay: 5000 });
}
