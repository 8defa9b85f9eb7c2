import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { isApiError } from '@/lib/api-error';
import { JOB_ENDPOINTS, jobTrackingPath } from './job-endpoints';
import { jobQueryKeys } from './query-keys';

/**
 * GET /tracking/orders/:orderId (the backend tracking shape) or /tracking/repairs/:repairId (spec §3's tracked
 * repair); null when the job is not tracked (404).
 */
export async function getJobTracking<K extends TJobKind>(kind: K, jobId: string, signal?: AbortSignal) {
  try {
    const body = await apiClient.get(jobTrackingPath(kind, jobId), signal ? { signal } : {});
    return parseData(JOB_ENDPOINTS[kind].tracked, body);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const jobTrackingQueryOptions = <K extends TJobKind>(kind: K, jobId: string) =>
  queryOptions({
    queryKey: jobQueryKeys(kind).tracking(jobId),
    queryFn: ({ signal }) => getJobTracking(kind, jobId, signal),
    // Spec §7: tracking is re-read every 30 s while on screen.
    refetchInterval: TRACKING_SYNC_INTERVAL_MS,
  });

export function useJobTracking<K extends TJobKind>(kind: K, jobId: string) {
  return useQuery(jobTrackingQueryOptions(kind, jobId));
}
