import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { ZJobLabourSchema } from '@loupe/domain/workflow/work-time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobQueryKeys } from './query-keys';

/** GET /work-time/jobs/{kind}/{id}: the job's labour per step and person (issue 37 §3). */
export async function getJobLabour(kind: TJobKind, jobId: string, signal?: AbortSignal) {
  const body = await apiClient.get(
    `work-time/jobs/${kind}/${encodeURIComponent(jobId)}`,
    signal ? { signal } : {},
  );
  return parseData(ZJobLabourSchema, body);
}

export const jobLabourQueryOptions = (kind: TJobKind, jobId: string) =>
  queryOptions({
    queryKey: jobQueryKeys(kind).labour(jobId),
    queryFn: ({ signal }) => getJobLabour(kind, jobId, signal),
  });

export function useJobLabour(kind: TJobKind, jobId: string) {
  return useQuery(jobLabourQueryOptions(kind, jobId));
}
