import { listPageSchema } from '@loupe/domain/api/list';
import { ZCatalogTypeSchema } from '@loupe/domain/catalog/catalog';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys } from './analytics-query-keys';

/** Catalog lists are short; one page of the largest size holds them. */
const CATALOG_LIMIT = 200;
const ZCatalogPageSchema = lazySchema(() => listPageSchema(ZCatalogTypeSchema));

/** GET /catalog/product-types: what the product-type filter offers. */
export async function getProductTypeOptions(signal?: AbortSignal) {
  const body = await apiClient.get('catalog/product-types', {
    searchParams: { limit: CATALOG_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZCatalogPageSchema, body).items;
}

export function useProductTypeOptions() {
  return useQuery({
    queryKey: analyticsQueryKeys.productTypeOptions,
    queryFn: ({ signal }) => getProductTypeOptions(signal),
    staleTime: 5 * 60_000,
  });
}
