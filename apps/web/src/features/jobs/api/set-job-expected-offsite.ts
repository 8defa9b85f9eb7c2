import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { useInvalidateJobTracking } from './invalidate-job-tracking';
import { jobTrackingPath } from './job-endpoints';

export type TSetJobExpectedOffsiteInput = { jobId: string; expectedOffsite: boolean };

/** POST /tracking/orders/:orderId/expected-offsite (spec §7), or the repair's. */
export async function setJobExpectedOffsite(
  kind: TJobKind,
  { jobId, expectedOffsite }: TSetJobExpectedOffsiteInput,
) {
  return parseSuccess(
    await apiClient.post(jobTrackingPath(kind, jobId, 'expected-offsite'), { expectedOffsite }),
  );
}

export function useSetJobExpectedOffsite(kind: TJobKind) {
  const invalidate = useInvalidateJobTracking(kind);
  return useMutation({
    mutationFn: (input: TSetJobExpectedOffsiteInput) => setJobExpectedOffsite(kind, input),
    onSuccess: (_message, input) => invalidate(input.jobId),
  });
}
