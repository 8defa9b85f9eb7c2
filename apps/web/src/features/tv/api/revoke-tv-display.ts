import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { tvQueryKeys } from './tv-query-keys';

/** DELETE /tv-displays/{id}: the TV loses its credential and goes back to its pairing screen. */
export async function revokeTvDisplay(id: string) {
  await apiClient.delete(`tv-displays/${encodeURIComponent(id)}`);
}

export function useRevokeTvDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeTvDisplay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvQueryKeys.displays }),
  });
}
