import { listPageSchema } from '@loupe/domain/api/list';
import { ZCatalogTypeSchema } from '@loupe/domain/catalog/catalog';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { designQueryKeys } from './design-query-keys';

/** Catalog lists are short; one page of the largest size holds them. */
const CATALOG_LIMIT = 200;
const ZCatalogPageSchema = lazySchema(() => listPageSchema(ZCatalogTypeSchema));

/** GET /catalog/product-types and /catalog/metal-types: what the library's filters offer. */
export async function getDesignFilterOptions(signal?: AbortSignal) {
  const get = async (path: string) =>
    parseData(
      ZCatalogPageSchema,
      await apiClient.get(path, { searchParams: { limit: CATALOG_LIMIT }, ...(signal ? { signal } : {}) }),
    ).items;
  const [productTypes, metalTypes] = await Promise.all([
    get('catalog/product-types'),
    get('catalog/metal-types'),
  ]);
  return { productTypes, metalTypes };
}

export function useDesignFilterOptions() {
  return useQuery({
    queryKey: designQueryKeys.filterOptions,
    queryFn: ({ signal }) => getDesignFilterOptions(signal),
    staleTime: 5 * 60_000,
  });
}
