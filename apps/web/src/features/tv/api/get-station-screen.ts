import { ZStationScreenSchema } from '@loupe/domain/tv/tv-displays';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** GET /stations/{id}/screen: a station's TV screen for signed-in staff. */
export async function getStationScreen(stationId: string, signal?: AbortSignal) {
  return parseData(
    ZStationScreenSchema,
    await apiClient.get(`stations/${encodeURIComponent(stationId)}/screen`, signal ? { signal } : {}),
  );
}
