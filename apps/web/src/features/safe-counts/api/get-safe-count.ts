import { type TSafeCount, ZSafeCountSchema } from '@loupe/domain/safe-counts/safe-counts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { safeCountsQueryKeys } from './safe-counts-query-keys';

/** GET /safe-counts/{id}: one count, live while it runs (its event refetches it), its report once finished. */
export async function getSafeCount(id: string): Promise<TSafeCount> {
  return parseData(ZSafeCountSchema, await apiClient.get(`safe-counts/${encodeURIComponent(id)}`));
}

export const safeCountQueryOptions = (id: string) =>
  queryOptions({ queryKey: safeCountsQueryKeys.one(id), queryFn: () => getSafeCount(id) });

export function useSafeCount(id: string) {
  return useQuery(safeCountQueryOptions(id));
}
