import { listPageSchema } from '@loupe/domain/api/list';
import { ZCatalogTypeSchema } from '@loupe/domain/catalog/catalog';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { orderFormQueryKeys } from '../../../api/query-keys';

/** Catalog lists are short; one page of the largest size holds them. */
const CATALOG_LIMIT = 200;

const ZCatalogPageSchema = lazySchema(() => listPageSchema(ZCatalogTypeSchema));

type TCatalogKind = 'product-types' | 'metal-types';

/** GET /catalog/product-types or /catalog/metal-types: what the order form offers. */
export async function getCatalogTypes(kind: TCatalogKind, signal?: AbortSignal) {
  const body = await apiClient.get(`catalog/${kind}`, {
    searchParams: { limit: CATALOG_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZCatalogPageSchema, body).items;
}

const QUERY_KEYS = {
  'product-types': orderFormQueryKeys.productTypes,
  'metal-types': orderFormQueryKeys.metalTypes,
} as const;

export const catalogTypesQueryOptions = (kind: TCatalogKind) =>
  queryOptions({
    queryKey: QUERY_KEYS[kind],
    queryFn: ({ signal }) => getCatalogTypes(kind, signal),
  });

export function useProductTypes() {
  return useQuery(catalogTypesQueryOptions('product-types'));
}

export function useMetalTypes() {
  return useQuery(catalogTypesQueryOptions('metal-types'));
}
