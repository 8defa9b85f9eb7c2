import { type TCreateAssignmentInput, ZWorkflowAssignmentSchema } from '@loupe/domain/workflow/workflow-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** POST /workflow/assignments: give a job's current phase to a person (again, to hand it over). */
export async function assignPhase(input: TCreateAssignmentInput) {
  return parseData(ZWorkflowAssignmentSchema, await apiClient.post('workflow/assignments', input));
}

export function useAssignPhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPhase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowQueryKeys.all }),
  });
}
