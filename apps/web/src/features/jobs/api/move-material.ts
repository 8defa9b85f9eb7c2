import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { type TMaterialMovementInput, ZJobMaterialsSchema } from '@loupe/domain/jobs/materials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobMaterialsQueryKey } from './get-job-materials';

export type TMoveMaterialInput = { lineId: string; movement: TMaterialMovementInput };

/** POST /materials/lines/{id}/movements: issued to a bench, returned, used in the work, or added. */
export async function moveMaterial({ lineId, movement }: TMoveMaterialInput) {
  const body = await apiClient.post(`materials/lines/${encodeURIComponent(lineId)}/movements`, movement);
  return parseData(ZJobMaterialsSchema, body);
}

export function useMoveMaterial(kind: TJobKind, jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveMaterial,
    onSuccess: (materials) => queryClient.setQueryData(jobMaterialsQueryKey(kind, jobId), materials),
  });
}
