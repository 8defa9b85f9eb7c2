import { listPageSchema } from '@loupe/domain/api/list';
import { ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import type { TDesignFilters } from './design-filters';
import { designQueryKeys } from './design-query-keys';

export const DESIGN_PAGE_LIMIT = 60;

/** GET /catalog/designs: by words of the name, description, stones or tags, in one folder ('none': unfiled) or all, and by the filters. */
export async function getDesigns(
  q: string,
  folderId: string | null,
  filters: TDesignFilters,
  signal?: AbortSignal,
) {
  const body = await apiClient.get('catalog/designs', {
    searchParams: {
      q: q || undefined,
      folderId: folderId ?? undefined,
      productTypeId: filters.productTypeId ?? undefined,
      metalTypeId: filters.metalTypeId ?? undefined,
      tag: filters.tag ?? undefined,
      limit: DESIGN_PAGE_LIMIT,
    },
    ...(signal ? { signal } : {}),
  });
  return parseData(listPageSchema(ZDesignSchema), body);
}

export function useDesigns(q: string, folderId: string | null, filters: TDesignFilters) {
  return useQuery({
    queryKey: designQueryKeys.designs(q, folderId, filters),
    queryFn: ({ signal }) => getDesigns(q, folderId, filters, signal),
    placeholderData: keepPreviousData,
  });
}
