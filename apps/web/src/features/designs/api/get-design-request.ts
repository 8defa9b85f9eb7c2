import { ZDesignRequestSchema } from '@loupe/domain/designs/design-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { designQueryKeys } from './design-query-keys';

/** GET /design-requests/{id}: the brief, the customer's photos and the revisions, newest first. */
export async function getDesignRequest(id: string, signal?: AbortSignal) {
  const body = await apiClient.get(`design-requests/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return parseData(ZDesignRequestSchema, body);
}

export const designRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: designQueryKeys.request(id),
    queryFn: ({ signal }) => getDesignRequest(id, signal),
  });

export function useDesignRequest(id: string | null) {
  return useQuery({ ...designRequestQueryOptions(id ?? ''), enabled: id !== null });
}
