import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { antennaPath } from './map-antenna';
import { readersQueryKeys } from './readers-query-keys';

/** DELETE /readers/{id}/antennas/{antenna}: the antenna's reads are then counted as unmapped. */
export async function unmapAntenna({ readerId, antenna }: { readerId: string; antenna: number }) {
  await apiClient.delete(antennaPath(readerId, antenna));
}

export function useUnmapAntenna() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmapAntenna,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readersQueryKeys.all }),
  });
}
