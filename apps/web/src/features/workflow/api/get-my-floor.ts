import { ZMyFloorSchema } from '@loupe/domain/workflow/workflow-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** GET /workflow/my-floor: the pieces at my stations and what comes there next (issue 37 §1). */
export async function getMyFloor(signal?: AbortSignal) {
  const body = await apiClient.get('workflow/my-floor', signal ? { signal } : {});
  return parseData(ZMyFloorSchema, body);
}

export function useMyFloor() {
  return useQuery({
    // Under My Tasks' key: whatever refreshes my tasks (the 'workflow' root) refreshes it too.
    queryKey: [...workflowQueryKeys.myTasks, 'floor'] as const,
    queryFn: ({ signal }) => getMyFloor(signal),
  });
}
