import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { useInvalidateJobTracking } from './invalidate-job-tracking';
import { jobTrackingPath } from './job-endpoints';

/** POST /tracking/orders/:orderId/return, or the repair's: an offsite job is back (allowed only from offsite). */
export async function returnJobFromOffsite(kind: TJobKind, { jobId }: { jobId: string }) {
  return parseSuccess(await apiClient.post(jobTrackingPath(kind, jobId, 'return')));
}

export function useReturnJobFromOffsite(kind: TJobKind) {
  const invalidate = useInvalidateJobTracking(kind);
  return useMutation({
    mutationFn: (input: { jobId: string }) => returnJobFromOffsite(kind, input),
    onSuccess: (_message, input) => invalidate(input.jobId),
  });
}
