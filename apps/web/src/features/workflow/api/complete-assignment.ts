import { ZWorkflowAssignmentSchema } from '@loupe/domain/workflow/workflow-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** POST /workflow/assignments/{id}/complete: my part is done; the job moves on. */
export async function completeAssignment(id: string) {
  const body = await apiClient.post(`workflow/assignments/${encodeURIComponent(id)}/complete`, {});
  return parseData(ZWorkflowAssignmentSchema, body);
}

export function useCompleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeAssignment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowQueryKeys.all }),
  });
}
