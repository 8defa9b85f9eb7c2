import { ZWorkActionResultSchema } from '@loupe/domain/workflow/work-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** POST /work-time/assignments/{id}/start: start (or resume) the timer on an assigned step; my timer on another step pauses. */
export async function startWork(assignmentId: string) {
  const body = await apiClient.post(`work-time/assignments/${encodeURIComponent(assignmentId)}/start`, {});
  return parseData(ZWorkActionResultSchema, body);
}

export function useStartWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startWork,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowQueryKeys.all }),
  });
}
