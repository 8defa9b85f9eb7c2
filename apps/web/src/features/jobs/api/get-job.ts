import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { JOB_ENDPOINTS, jobPath } from './job-endpoints';
import { jobQueryKeys } from './query-keys';

/** GET /orders/:id or /repairs/:id. */
export async function getJob<K extends TJobKind>(kind: K, jobId: string, signal?: AbortSignal) {
  const body = await apiClient.get(jobPath(kind, jobId), signal ? { signal } : {});
  return parseData(JOB_ENDPOINTS[kind].item, body);
}

export const jobQueryOptions = <K extends TJobKind>(kind: K, jobId: string) =>
  queryOptions({
    queryKey: jobQueryKeys(kind).detail(jobId),
    queryFn: ({ signal }) => getJob(kind, jobId, signal),
  });

export function useJob<K extends TJobKind>(kind: K, jobId: string) {
  return useQuery(jobQueryOptions(kind, jobId));
}
