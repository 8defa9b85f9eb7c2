import { ZMyTasksSchema } from '@loupe/domain/workflow/workflow-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** GET /workflow/my-tasks: my assignments, the jobs I answer for, and what changed since `since`. */
export async function getMyTasks(since: string | null, signal?: AbortSignal) {
  const body = await apiClient.get('workflow/my-tasks', {
    searchParams: { since },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZMyTasksSchema, body);
}

export function useMyTasks(since: string | null) {
  return useQuery({
    queryKey: [...workflowQueryKeys.myTasks, since] as const,
    queryFn: ({ signal }) => getMyTasks(since, signal),
  });
}
