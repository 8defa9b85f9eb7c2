import { type TUpdateDepartmentInput, ZDepartmentSchema } from '@loupe/domain/registry/departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

export async function updateDepartment({ id, changes }: { id: string; changes: TUpdateDepartmentInput }) {
  return parseData(
    ZDepartmentSchema,
    await apiClient.patch(`departments/${encodeURIComponent(id)}`, changes),
  );
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDepartment, onSuccess: () => refreshRegistry(queryClient) });
}
