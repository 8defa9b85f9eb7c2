import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { workflowQueryKeys } from './workflow-query-keys';

type TJobRef = { readonly kind: TWorkflowKind; readonly id: string };

/** PATCH /orders/{id} or /repairs/{id} with isRush: rush jobs go to the top of every column. */
export async function setRush({ kind, id, isRush }: TJobRef & { isRush: boolean }): Promise<void> {
  await apiClient.patch(`${kind}s/${encodeURIComponent(id)}`, { isRush });
}

/** POST /tracking/{orders|repairs}/{id}/expected-offsite: out at a vendor on purpose, so not "missing". */
export async function setExpectedOffsite({
  kind,
  id,
  expectedOffsite,
}: TJobRef & { expectedOffsite: boolean }): Promise<void> {
  await apiClient.post(`tracking/${kind}s/${encodeURIComponent(id)}/expected-offsite`, { expectedOffsite });
}

export function useSetRush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowQueryKeys.all }),
  });
}

export function useSetExpectedOffsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExpectedOffsite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowQueryKeys.all }),
  });
}
