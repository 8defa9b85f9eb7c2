import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { useInvalidateJobTracking } from './invalidate-job-tracking';
import { JOB_ENDPOINTS } from './job-endpoints';

export type TAssignJobEpcInput = { jobId: string; epcCode: string; jobNumber: string };

/**
 * POST /tracking/assign-epc (spec §7) or /tracking/repairs/assign-epc: starts tracking; an EPC on another item
 * is taken off it first.
 */
export async function assignJobEpc(kind: TJobKind, input: TAssignJobEpcInput) {
  const endpoints = JOB_ENDPOINTS[kind];
  return parseSuccess(await apiClient.post(endpoints.assignEpcPath, endpoints.assignEpcBody(input)));
}

export function useAssignJobEpc(kind: TJobKind) {
  const invalidate = useInvalidateJobTracking(kind);
  return useMutation({
    mutationFn: (input: TAssignJobEpcInput) => assignJobEpc(kind, input),
    onSuccess: (_message, input) => invalidate(input.jobId, { everyJob: true }),
  });
}
