import { ZWorkActionResultSchema } from '@loupe/domain/workflow/work-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workTimeQueryKeys } from './work-time-query-keys';

/** POST /work-time/assignments/{id}/pause: Pause the running timer of an assigned step. */
export async function pauseWork(assignmentId: string) {
  const body = await apiClient.post(`work-time/assignments/${encodeURIComponent(assignmentId)}/pause`, {});
  return parseData(ZWorkActionResultSchema, body);
}

export function usePauseWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseWork,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workTimeQueryKeys.all }),
  });
}
