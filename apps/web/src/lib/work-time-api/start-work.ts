import { ZWorkActionResultSchema } from '@loupe/domain/workflow/work-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workTimeQueryKeys } from './work-time-query-keys';

export type TStartWork = {
  readonly assignmentId: string;
  /** The station whose kiosk started it; by default the server takes where the job was last read. */
  readonly stationId?: string | undefined;
};

/**
 * POST /work-time/assignments/{id}/start: start (or resume) the timer on an assigned step; my timer on another
 * step pauses. Shared by My Tasks and a station's kiosk.
 */
export async function startWork({ assignmentId, stationId }: TStartWork) {
  const body = await apiClient.post(
    `work-time/assignments/${encodeURIComponent(assignmentId)}/start`,
    stationId === undefined ? {} : { stationId },
  );
  return parseData(ZWorkActionResultSchema, body);
}

export function useStartWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startWork,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workTimeQueryKeys.all }),
  });
}
