import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { workTimeQueryKeys } from './work-time-query-keys';

/** POST /work-time/actions/{id}/undo: reverts exactly one tap, within its few seconds. */
export async function undoWorkAction(actionId: string) {
  await apiClient.post(`work-time/actions/${encodeURIComponent(actionId)}/undo`, {});
}

export function useUndoWorkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoWorkAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workTimeQueryKeys.all }),
  });
}
