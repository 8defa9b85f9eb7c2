import {
  type TWorkflowTemplateChanges,
  ZWorkflowTemplateSchema,
} from '@loupe/domain/workflow/workflow-template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowTemplatesQueryKeys } from './workflow-templates-query-keys';

/** PUT /workflow/templates/{id}: a template's phases as edited in Settings › orders. */
export async function updateWorkflowTemplate({
  id,
  changes,
}: {
  id: string;
  changes: TWorkflowTemplateChanges;
}) {
  const body = await apiClient.put(`workflow/templates/${encodeURIComponent(id)}`, changes);
  return parseData(ZWorkflowTemplateSchema, body);
}

export function useUpdateWorkflowTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkflowTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowTemplatesQueryKeys.all }),
  });
}
