import { ZJobLocationHistorySchema } from '@loupe/domain/tracking/location-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { repairsQueryKeys } from './query-keys';

/** GET /tracking/repairs/:repairId/location-history: where the repair has been, tagged or not. */
export async function getRepairLocationHistory(repairId: string, signal?: AbortSignal) {
  const body = await apiClient.get(
    `tracking/repairs/${encodeURIComponent(repairId)}/location-history`,
    signal ? { signal } : {},
  );
  return parseData(ZJobLocationHistorySchema, body);
}

export const repairLocationHistoryQueryOptions = (repairId: string) =>
  queryOptions({
    queryKey: repairsQueryKeys.locationHistory(repairId),
    queryFn: ({ signal }) => getRepairLocationHistory(repairId, signal),
  });

/** Asked for only while the repair carries no tag: a tracked repair's record already holds its timeline. */
export function useRepairLocationHistory(repairId: string, options: { readonly enabled: boolean }) {
  return useQuery({ ...repairLocationHistoryQueryOptions(repairId), enabled: options.enabled });
}
