import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { ZJobLocationHistorySchema } from '@loupe/domain/tracking/location-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobTrackingPath } from './job-endpoints';
import { jobQueryKeys } from './query-keys';

/** GET /tracking/orders/:orderId/location-history (or repairs'): where the job has been, tagged or not. */
export async function getJobLocationHistory(kind: TJobKind, jobId: string, signal?: AbortSignal) {
  const body = await apiClient.get(
    jobTrackingPath(kind, jobId, 'location-history'),
    signal ? { signal } : {},
  );
  return parseData(ZJobLocationHistorySchema, body);
}

export const jobLocationHistoryQueryOptions = (kind: TJobKind, jobId: string) =>
  queryOptions({
    queryKey: jobQueryKeys(kind).locationHistory(jobId),
    queryFn: ({ signal }) => getJobLocationHistory(kind, jobId, signal),
  });

/** Asked for only while the job carries no tag: a tracked job's record already holds its timeline. */
export function useJobLocationHistory(kind: TJobKind, jobId: string, options: { readonly enabled: boolean }) {
  return useQuery({ ...jobLocationHistoryQueryOptions(kind, jobId), enabled: options.enabled });
}
