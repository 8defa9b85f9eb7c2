import { ZDesignRevisionSchema } from '@loupe/domain/designs/design-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { designQueryKeys } from './design-query-keys';

/** POST /design-requests/{id}/revisions: the next numbered revision, with its notes. */
export async function createDesignRevision({ requestId, notes }: { requestId: string; notes: string }) {
  return parseData(
    ZDesignRevisionSchema,
    await apiClient.post(`design-requests/${encodeURIComponent(requestId)}/revisions`, { notes }),
  );
}

export function useCreateDesignRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDesignRevision,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.all }),
  });
}
