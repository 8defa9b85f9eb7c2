import { ZWorkflowTemplateSchema } from '@loupe/domain/workflow/workflow-template';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowTemplatesQueryKeys } from './workflow-templates-query-keys';

/** GET /workflow/templates: the phases of orders and repairs (made from the departments on first use). */
export async function getWorkflowTemplates(signal?: AbortSignal) {
  return parseData(
    z.array(ZWorkflowTemplateSchema),
    await apiClient.get('workflow/templates', signal ? { signal } : {}),
  );
}

export function useWorkflowTemplates() {
  return useQuery({
    queryKey: workflowTemplatesQueryKeys.all,
    queryFn: ({ signal }) => getWorkflowTemplates(signal),
  });
}
