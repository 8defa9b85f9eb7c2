import { ZSafeLocationSchema } from '@loupe/domain/safe-counts/safe-counts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { safeCountsQueryKeys } from './safe-counts-query-keys';

export type TChooseSafe = { readonly locationId: string; readonly stationId: string | null };

/** PUT /safe-counts/locations/{id}/safe: which station is the location's safe (null: none). */
export async function chooseSafe({ locationId, stationId }: TChooseSafe) {
  return parseData(
    ZSafeLocationSchema,
    await apiClient.put(`safe-counts/locations/${encodeURIComponent(locationId)}/safe`, { stationId }),
  );
}

export function useChooseSafe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseSafe,
    onSettled: () => queryClient.invalidateQueries({ queryKey: safeCountsQueryKeys.locations }),
  });
}
