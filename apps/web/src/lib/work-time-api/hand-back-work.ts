import { ZWorkActionResultSchema } from '@loupe/domain/workflow/work-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workTimeQueryKeys } from './work-time-query-keys';

/** POST /work-time/assignments/{id}/hand-back: the step goes back to the managers' queue, with a note. */
export async function handBackWork({ assignmentId, note }: { assignmentId: string; note?: string }) {
  const body = await apiClient.post(`work-time/assignments/${encodeURIComponent(assignmentId)}/hand-back`, {
    ...(note ? { note } : {}),
  });
  return parseData(ZWorkActionResultSchema, body);
}

export function useHandBackWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handBackWork,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workTimeQueryKeys.all }),
  });
}
