import { type TCreateDepartmentInput, ZDepartmentSchema } from '@loupe/domain/registry/departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

export async function createDepartment(input: TCreateDepartmentInput) {
  return parseData(ZDepartmentSchema, await apiClient.post('departments', input));
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDepartment, onSuccess: () => refreshRegistry(queryClient) });
}
