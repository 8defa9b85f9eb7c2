import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { workflowTemplatesQueryKeys } from './workflow-templates-query-keys';

/** DELETE /workflow/templates/{id}: its orders follow the default again. */
export async function deleteWorkflowTemplate(id: string): Promise<void> {
  await apiClient.delete(`workflow/templates/${encodeURIComponent(id)}`);
}

export function useDeleteWorkflowTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflowTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowTemplatesQueryKeys.all }),
  });
}
