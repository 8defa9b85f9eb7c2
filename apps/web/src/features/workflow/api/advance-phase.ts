import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advancePhase } from '@/lib/workflow-api/advance-phase';
import { workflowQueryKeys } from './workflow-query-keys';

export function useAdvancePhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advancePhase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowQueryKeys.all }),
  });
}
