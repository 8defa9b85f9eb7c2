import { listPageSchema } from '@loupe/domain/api/list';
import { ZDepartmentSchema } from '@loupe/domain/registry/departments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { DEPARTMENTS_PAGE_SIZE } from '@/lib/registry-api/get-departments';
import { registryQueryKeys } from '@/lib/registry-api/registry-query-keys';

const ZDepartmentsPageSchema = listPageSchema(ZDepartmentSchema);

/**
 * GET /departments of every location, each with its stations: what an antenna can be mapped to. Under the
 * registry key, so that registry writes and realtime department and station events refresh it.
 */
export async function getMappingDepartments(signal?: AbortSignal) {
  const body = await apiClient.get('departments', {
    searchParams: { limit: DEPARTMENTS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZDepartmentsPageSchema, body);
}

export const mappingDepartmentsQueryOptions = () =>
  queryOptions({
    queryKey: [...registryQueryKeys.departments, 'all-locations'] as const,
    queryFn: ({ signal }) => getMappingDepartments(signal),
  });

export function useMappingDepartments() {
  return useQuery(mappingDepartmentsQueryOptions());
}
