import { ZDepartmentWorkloadSchema } from '@loupe/domain/workflow/workflow-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** GET /workflow/departments/{id}: its stations' queues and load, what comes next, and who can take work. */
export async function getDepartmentWorkload(departmentId: string, signal?: AbortSignal) {
  const body = await apiClient.get(
    `workflow/departments/${encodeURIComponent(departmentId)}`,
    signal ? { signal } : {},
  );
  return parseData(ZDepartmentWorkloadSchema, body);
}

export function useDepartmentWorkload(departmentId: string | null) {
  return useQuery({
    queryKey: workflowQueryKeys.department(departmentId ?? ''),
    queryFn: ({ signal }) => getDepartmentWorkload(departmentId ?? '', signal),
    enabled: departmentId !== null,
  });
}
