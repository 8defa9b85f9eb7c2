import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import { ZTrackedRepairSchema } from '@loupe/domain/tracking/repair-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { isApiError } from '@/lib/api-error';
import { repairsQueryKeys } from './query-keys';

/** GET /tracking/repairs/:repairId (spec §3 tracked repair); null when the repair is not tracked (404). */
export async function getRepairTracking(repairId: string, signal?: AbortSignal) {
  try {
    const body = await apiClient.get(
      `tracking/repairs/${encodeURIComponent(repairId)}`,
      signal ? { signal } : {},
    );
    return parseData(ZTrackedRepairSchema, body);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const repairTrackingQueryOptions = (repairId: string) =>
  queryOptions({
    queryKey: repairsQueryKeys.tracking(repairId),
    queryFn: ({ signal }) => getRepairTracking(repairId, signal),
    // Spec §7: tracking is re-read every 30 s while on screen.
    refetchInterval: TRACKING_SYNC_INTERVAL_MS,
  });

export function useRepairTracking(repairId: string) {
  return useQuery(repairTrackingQueryOptions(repairId));
}
