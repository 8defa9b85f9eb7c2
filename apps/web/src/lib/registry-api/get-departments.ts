import { listPageSchema } from '@loupe/domain/api/list';
import { ZDepartmentSchema } from '@loupe/domain/registry/departments';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { registryQueryKeys } from './registry-query-keys';

/** The server's largest page; a location with more departments says so under the list. */
export const DEPARTMENTS_PAGE_SIZE = 200;

const ZDepartmentsPageSchema = lazySchema(() => listPageSchema(ZDepartmentSchema));

/** The departments of one location, each with its stations and item counts. */
export async function getDepartments({ locationId }: { locationId: string }) {
  const body = await apiClient.get('departments', {
    searchParams: { locationId, limit: DEPARTMENTS_PAGE_SIZE },
  });
  return parseData(ZDepartmentsPageSchema, body);
}

export const departmentsQueryOptions = ({ locationId }: { locationId: string }) =>
  queryOptions({
    queryKey: registryQueryKeys.departmentsOf(locationId),
    queryFn: () => getDepartments({ locationId }),
  });

export function useDepartments({ locationId }: { locationId: string }) {
  return useQuery(departmentsQueryOptions({ locationId }));
}
