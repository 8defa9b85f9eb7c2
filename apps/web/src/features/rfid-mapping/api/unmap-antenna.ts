import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { readersQueryKeys } from '@/lib/rfid-api/readers-query-keys';
import { antennaPath } from './map-antenna';

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
