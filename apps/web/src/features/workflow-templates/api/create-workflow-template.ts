import { ZWorkflowTemplateSchema } from '@loupe/domain/workflow/workflow-template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowTemplatesQueryKeys } from './workflow-templates-query-keys';

/** POST /workflow/templates: a product type's own workflow, a copy of the default to edit. */
export async function createWorkflowTemplate(productTypeId: string) {
  return parseData(ZWorkflowTemplateSchema, await apiClient.post('workflow/templates', { productTypeId }));
}

export function useCreateWorkflowTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflowTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowTemplatesQueryKeys.all }),
  });
}
