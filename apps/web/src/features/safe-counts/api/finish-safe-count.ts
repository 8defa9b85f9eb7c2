import { ZSafeCountSchema } from '@loupe/domain/safe-counts/safe-counts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { safeCountsQueryKeys } from './safe-counts-query-keys';

/** POST /safe-counts/{id}/finish: finishes a running count now; what is missing raises alerts. */
export async function finishSafeCount(id: string) {
  return parseData(ZSafeCountSchema, await apiClient.post(`safe-counts/${encodeURIComponent(id)}/finish`));
}

export function useFinishSafeCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishSafeCount,
    onSuccess: (count) => queryClient.setQueryData(safeCountsQueryKeys.one(count.id), count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: safeCountsQueryKeys.all }),
  });
}
