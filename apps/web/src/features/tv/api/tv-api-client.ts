import { DEVICE_AUTH_SCHEME } from '@loupe/domain/tv/tv-displays';
import { createApiClient } from '@/lib/api-client';
import { readDeviceToken } from '../device-token';

/**
 * The HTTP client of a station TV: the app's client (timeouts, retries, error codes) with the TV's device
 * credential instead of a person's token, and no trip to /login when it is refused: the TV re-pairs instead.
 */
export const tvApiClient = createApiClient({
  authorization: async () => {
    const token = readDeviceToken();
    return token ? `${DEVICE_AUTH_SCHEME} ${token}` : null;
  },
  refreshIdToken: async () => null,
  onAuthFailure: () => undefined,
});
