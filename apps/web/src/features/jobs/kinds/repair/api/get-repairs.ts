import { listPageSchema } from '@loupe/domain/api/list';
import { ZRepairListItemSchema } from '@loupe/domain/repairs/repair';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobListSearchParams } from '../../../components/list/job-list-filters';
import { repairsQueryKeys, type TRepairListFilters } from './query-keys';

/** Rows per request: a few screens' worth, so scrolling rarely waits. */
export const REPAIRS_PAGE_SIZE = 100;

const ZRepairsPageSchema = listPageSchema(ZRepairListItemSchema);

/** GET /repairs: one page of the server-side searched, filtered and sorted list. */
export async function getRepairs(
  filters: TRepairListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const body = await apiClient.get('repairs', {
    searchParams: { ...jobListSearchParams(filters), limit: REPAIRS_PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZRepairsPageSchema, body);
}

export const repairsInfiniteQueryOptions = (filters: TRepairListFilters) =>
  infiniteQueryOptions({
    queryKey: repairsQueryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getRepairs(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A new search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useRepairs(filters: TRepairListFilters) {
  return useInfiniteQuery(repairsInfiniteQueryOptions(filters));
}
