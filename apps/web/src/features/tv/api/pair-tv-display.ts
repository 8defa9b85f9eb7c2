import { type TClaimTvDisplayInput, ZTvDisplaySchema } from '@loupe/domain/tv/tv-displays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { tvQueryKeys } from './tv-query-keys';

/** POST /tv-displays: the code a TV shows, its name and its station. */
export async function pairTvDisplay(input: TClaimTvDisplayInput) {
  return parseData(ZTvDisplaySchema, await apiClient.post('tv-displays', input));
}

export function usePairTvDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pairTvDisplay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvQueryKeys.displays }),
  });
}
