import { type TTrackingStats, ZTrackingStatsSchema } from '@loupe/domain/tracking/tracking-api';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** GET /tracking/stats (spec §7): counts of tracked orders and repairs, and per department. */
export async function getTrackingStats(signal?: AbortSignal): Promise<TTrackingStats> {
  return parseData(ZTrackingStatsSchema, await apiClient.get('tracking/stats', signal ? { signal } : {}));
}
