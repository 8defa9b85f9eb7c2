import { ZSafeCountSchema } from '@loupe/domain/safe-counts/safe-counts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { safeCountsQueryKeys } from './safe-counts-query-keys';

/** POST /safe-counts: the button that starts a count at a location now. */
export async function startSafeCount(locationId: string) {
  return parseData(ZSafeCountSchema, await apiClient.post('safe-counts', { locationId }));
}

export function useStartSafeCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSafeCount,
    onSuccess: (count) => queryClient.setQueryData(safeCountsQueryKeys.one(count.id), count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: safeCountsQueryKeys.all }),
  });
}
