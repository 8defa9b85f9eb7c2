import { listPageSchema } from '@loupe/domain/api/list';
import { ZItemChangeSchema } from '@loupe/domain/history/item-change';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobPath } from './job-endpoints';
import { jobQueryKeys } from './query-keys';

export const JOB_HISTORY_PAGE_SIZE = 50;

const ZHistoryPageSchema = lazySchema(() => listPageSchema(ZItemChangeSchema));

/** GET /orders/:id/history or /repairs/:id/history: who changed what and when, newest first. */
export async function getJobHistory(
  kind: TJobKind,
  jobId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const body = await apiClient.get(jobPath(kind, jobId, 'history'), {
    searchParams: { limit: JOB_HISTORY_PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZHistoryPageSchema, body);
}

export const jobHistoryQueryOptions = (kind: TJobKind, jobId: string) =>
  infiniteQueryOptions({
    queryKey: jobQueryKeys(kind).history(jobId),
    queryFn: ({ pageParam, signal }) => getJobHistory(kind, jobId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useJobHistory(kind: TJobKind, jobId: string) {
  return useInfiniteQuery(jobHistoryQueryOptions(kind, jobId));
}
