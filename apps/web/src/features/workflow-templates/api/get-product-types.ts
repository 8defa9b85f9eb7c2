import { listPageSchema } from '@loupe/domain/api/list';
import { ZCatalogTypeSchema } from '@loupe/domain/catalog/catalog';
import { useQuery } from '@tanstack/react-query';
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
