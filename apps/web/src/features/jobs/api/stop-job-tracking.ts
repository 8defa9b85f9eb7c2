import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { useInvalidateJobTracking } from './invalidate-job-tracking';
import { jobTrackingPath } from './job-endpoints';

/** DELETE /tracking/orders/:orderId (spec §7), or the repair's: stops tracking; the timeline stays in the history. */
export async function stopJobTracking(kind: TJobKind, { jobId }: { jobId: string }) {
  return parseSuccess(await apiClient.delete(jobTrackingPath(kind, jobId)));
}

export function useStopJobTracking(kind: TJobKind) {
  const invalidate = useInvalidateJobTracking(kind);
  return useMutation({
    mutationFn: (input: { jobId: string }) => stopJobTracking(kind, input),
    onSuccess: (_message, input) => invalidate(input.jobId),
  });
}
