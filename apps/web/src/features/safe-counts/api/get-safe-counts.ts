import { type TSafeCountSummary, ZSafeCountSummarySchema } from '@loupe/domain/safe-counts/safe-counts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { safeCountsQueryKeys } from './safe-counts-query-keys';

/** GET /safe-counts: the counts, newest first. */
export async function getSafeCounts(): Promise<TSafeCountSummary[]> {
  return parseData(ZSafeCountSummarySchema.array(), await apiClient.get('safe-counts'));
}

export const safeCountsQueryOptions = () =>
  queryOptions({ queryKey: safeCountsQueryKeys.list, queryFn: getSafeCounts });

export function useSafeCounts() {
  return useQuery(safeCountsQueryOptions());
}
