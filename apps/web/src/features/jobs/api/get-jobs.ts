import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobListSearchParams } from '../components/list/job-list-filters';
import { JOB_ENDPOINTS } from './job-endpoints';
import { jobQueryKeys, type TJobListFiltersOf } from './query-keys';

/** Rows per request: a few screens' worth, so scrolling rarely waits. */
export const JOBS_PAGE_SIZE = 100;

/** GET /orders or /repairs: one page of the server-side searched, filtered and sorted list. */
export async function getJobs<K extends TJobKind>(
  kind: K,
  filters: TJobListFiltersOf<K>,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const endpoints = JOB_ENDPOINTS[kind];
  const body = await apiClient.get(endpoints.root, {
    searchParams: { ...jobListSearchParams(filters), limit: JOBS_PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
  return parseData(endpoints.listPage, body);
}

export const jobsInfiniteQueryOptions = <K extends TJobKind>(kind: K, filters: TJobListFiltersOf<K>) =>
  infiniteQueryOptions({
    queryKey: jobQueryKeys(kind).list(filters),
    queryFn: ({ pageParam, signal }) => getJobs(kind, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A new search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useJobs<K extends TJobKind>(kind: K, filters: TJobListFiltersOf<K>) {
  return useInfiniteQuery(jobsInfiniteQueryOptions(kind, filters));
}
