import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { type TIntakeMaterialsInput, ZJobMaterialsSchema } from '@loupe/domain/jobs/materials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobMaterialsQueryKey } from './get-job-materials';

/** POST /materials/jobs/{kind}/{id}/intake: the lines the customer left, with their signature. */
export async function recordMaterialsIntake(kind: TJobKind, jobId: string, input: TIntakeMaterialsInput) {
  const body = await apiClient.post(`materials/jobs/${kind}/${encodeURIComponent(jobId)}/intake`, input);
  return parseData(ZJobMaterialsSchema, body);
}

export function useRecordMaterialsIntake(kind: TJobKind, jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TIntakeMaterialsInput) => recordMaterialsIntake(kind, jobId, input),
    onSuccess: (materials) => queryClient.setQueryData(jobMaterialsQueryKey(kind, jobId), materials),
  });
}
