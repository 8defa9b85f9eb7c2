import { listPageSchema } from '@loupe/domain/api/list';
import { ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { designQueryKeys } from './design-query-keys';

export const DESIGN_PAGE_LIMIT = 60;

/** GET /catalog/designs: by words of the name or description, in one folder ('none': unfiled) or all. */
export async function getDesigns(q: string, folderId: string | null, signal?: AbortSignal) {
  const body = await apiClient.get('catalog/designs', {
    searchParams: { q: q || undefined, folderId: folderId ?? undefined, limit: DESIGN_PAGE_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(listPageSchema(ZDesignSchema), body);
}

export function useDesigns(q: string, folderId: string | null) {
  return useQuery({
    queryKey: designQueryKeys.designs(q, folderId),
    queryFn: ({ signal }) => getDesigns(q, folderId, signal),
    placeholderData: keepPreviousData,
  });
}
