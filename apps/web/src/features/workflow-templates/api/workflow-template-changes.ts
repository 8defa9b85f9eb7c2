import { listPageSchema } from '@loupe/domain/api/list';
import { ZCatalogTypeSchema } from '@loupe/domain/catalog/catalog';
import { ZWorkflowTemplateSchema } from '@loupe/domain/workflow/workflow-template';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowTemplatesQueryKeys } from './workflow-templates-query-keys';

/** GET /catalog/product-types: what a workflow of its own can be given to. */
export async function getProductTypes(signal?: AbortSignal) {
  const body = await apiClient.get('catalog/product-types', {
    searchParams: { limit: 100 },
    ...(signal ? { signal } : {}),
  });
  return parseData(listPageSchema(ZCatalogTypeSchema), body).items;
}

export function useProductTypes() {
  return useQuery({
    queryKey: workflowTemplatesQueryKeys.productTypes,
    queryFn: ({ signal }) => getProductTypes(signal),
  });
}

/** POST /workflow/templates: a product type's own workflow, a copy of the default to edit. */
export async function createWorkflowTemplate(productTypeId: string) {
  return parseData(ZWorkflowTemplateSchema, await apiClient.post('workflow/templates', { productTypeId }));
}

/** DELETE /workflow/templates/{id}: its orders follow the default again. */
export async function deleteWorkflowTemplate(id: string): Promise<void> {
  await apiClient.delete(`workflow/templates/${encodeURIComponent(id)}`);
}

export function useCreateWorkflowTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflowTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowTemplatesQueryKeys.all }),
  });
}

export function useDeleteWorkflowTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflowTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowTemplatesQueryKeys.all }),
  });
}
