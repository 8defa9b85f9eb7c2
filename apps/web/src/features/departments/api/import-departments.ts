import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

/** The answer to an import: how many departments and stations the file brought in. */
export const ZDepartmentImportResultSchema = lazySchema(() =>
  z.object({
    departments: z.number().int().nonnegative(),
    stations: z.number().int().nonnegative(),
  }),
);
export type TDepartmentImportResult = z.infer<typeof ZDepartmentImportResultSchema>;

/** POST /departments/import with the file's list as it was read; the server validates every entry. */
export async function importDepartments(list: readonly unknown[]) {
  return parseData(ZDepartmentImportResultSchema, await apiClient.post('departments/import', list));
}

export function useImportDepartments() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importDepartments, onSuccess: () => refreshRegistry(queryClient) });
}
