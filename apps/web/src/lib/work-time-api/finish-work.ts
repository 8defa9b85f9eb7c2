import { ZWorkActionResultSchema } from '@loupe/domain/workflow/work-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workTimeQueryKeys } from './work-time-query-keys';

/** POST /work-time/assignments/{id}/done: The step is done: the timer stops and the job moves on. */
export async function finishWork(assignmentId: string) {
  const body = await apiClient.post(`work-time/assignments/${encodeURIComponent(assignmentId)}/done`, {});
  return parseData(ZWorkActionResultSchema, body);
}

export function useFinishWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishWork,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workTimeQueryKeys.all }),
  });
}
