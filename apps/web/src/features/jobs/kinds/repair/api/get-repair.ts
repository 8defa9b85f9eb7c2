import { ZRepairSchema } from '@loupe/domain/repairs/repair';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { repairsQueryKeys } from './query-keys';

export async function getRepair(repairId: string, signal?: AbortSignal) {
  const body = await apiClient.get(`repairs/${encodeURIComponent(repairId)}`, signal ? { signal } : {});
  return parseData(ZRepairSchema, body);
}

export const repairQueryOptions = (repairId: string) =>
  queryOptions({
    queryKey: repairsQueryKeys.detail(repairId),
    queryFn: ({ signal }) => getRepair(repairId, signal),
  });

export function useRepair(repairId: string) {
  return useQuery(repairQueryOptions(repairId));
}
