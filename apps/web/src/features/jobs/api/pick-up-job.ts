import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { type TPickupInput, ZJobMaterialsSchema } from '@loupe/domain/jobs/materials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobMaterialsQueryKey } from './get-job-materials';
import { invalidateJob } from './query-keys';

/** POST /materials/jobs/{kind}/{id}/pickup: materials checked out, the customer signs, the job is delivered. */
export async function pickUpJob(kind: TJobKind, jobId: string, input: TPickupInput) {
  const body = await apiClient.post(`materials/jobs/${kind}/${encodeURIComponent(jobId)}/pickup`, input);
  return parseData(ZJobMaterialsSchema, body);
}

export function usePickUpJob(kind: TJobKind, jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TPickupInput) => pickUpJob(kind, jobId, input),
    onSuccess: async (materials) => {
      queryClient.setQueryData(jobMaterialsQueryKey(kind, jobId), materials);
      await invalidateJob(queryClient, kind, jobId);
    },
  });
}
