import { type TUpdateDesignRequestInput, ZDesignRequestSchema } from '@loupe/domain/designs/design-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { designQueryKeys } from './design-query-keys';

/** PATCH /design-requests/{id}: take it (in progress), assign it, edit the brief or due date. */
export async function updateDesignRequest({ id, ...changes }: { id: string } & TUpdateDesignRequestInput) {
  return parseData(
    ZDesignRequestSchema,
    await apiClient.patch(`design-requests/${encodeURIComponent(id)}`, changes),
  );
}

export function useUpdateDesignRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDesignRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.all }),
  });
}
