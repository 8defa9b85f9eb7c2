import { ZWorkflowStaffSchema } from '@loupe/domain/workflow/workflow-api';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** GET /workflow/people: who work can be given to, with how much each holds now. */
export async function getWorkflowPeople(signal?: AbortSignal) {
  return parseData(
    z.array(ZWorkflowStaffSchema),
    await apiClient.get('workflow/people', signal ? { signal } : {}),
  );
}

export function useWorkflowPeople({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: workflowQueryKeys.people,
    queryFn: ({ signal }) => getWorkflowPeople(signal),
    enabled,
  });
}
