import { listPageSchema } from '@loupe/domain/api/list';
import { ZItemChangeSchema } from '@loupe/domain/history/item-change';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { repairsQueryKeys } from './query-keys';

export const REPAIR_HISTORY_PAGE_SIZE = 50;

const ZHistoryPageSchema = listPageSchema(ZItemChangeSchema);

/** GET /repairs/:id/history: who changed what and when, newest first. */
export async function getRepairHistory(repairId: string, cursor: string | undefined, signal?: AbortSignal) {
  const body = await apiClient.get(`repairs/${encodeURIComponent(repairId)}/history`, {
    searchParams: { limit: REPAIR_HISTORY_PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZHistoryPageSchema, body);
}

export const repairHistoryQueryOptions = (repairId: string) =>
  infiniteQueryOptions({
    queryKey: repairsQueryKeys.history(repairId),
    queryFn: ({ pageParam, signal }) => getRepairHistory(repairId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useRepairHistory(repairId: string) {
  return useInfiniteQuery(repairHistoryQueryOptions(repairId));
}
