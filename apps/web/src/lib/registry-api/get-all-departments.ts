import { listPageSchema } from '@loupe/domain/api/list';
import { ZDepartmentSchema } from '@loupe/domain/registry/departments';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { DEPARTMENTS_PAGE_SIZE } from './get-departments';
import { registryQueryKeys } from './registry-query-keys';

const ZDepartmentsPageSchema = lazySchema(() => listPageSchema(ZDepartmentSchema));

/**
 * GET /departments of every location, each with its stations (what an antenna is mapped to, where a workflow
 * phase happens). Under the
 * registry key, so that registry writes and realtime department and station events refresh it.
 */
export async function getAllDepartments(signal?: AbortSignal) {
  const body = await apiClient.get('departments', {
    searchParams: { limit: DEPARTMENTS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZDepartmentsPageSchema, body);
}

export const allDepartmentsQueryOptions = () =>
  queryOptions({
    queryKey: [...registryQueryKeys.departments, 'all-locations'] as const,
    queryFn: ({ signal }) => getAllDepartments(signal),
  });

export function useAllDepartments() {
  return useQuery(allDepartmentsQueryOptions());
}
