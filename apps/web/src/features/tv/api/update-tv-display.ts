import { type TUpdateTvDisplayInput, ZTvDisplaySchema } from '@loupe/domain/tv/tv-displays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { tvQueryKeys } from './tv-query-keys';

/** PATCH /tv-displays/{id}: a new name or another station. */
export async function updateTvDisplay({ id, changes }: { id: string; changes: TUpdateTvDisplayInput }) {
  return parseData(ZTvDisplaySchema, await apiClient.patch(`tv-displays/${encodeURIComponent(id)}`, changes));
}

export function useUpdateTvDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTvDisplay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvQueryKeys.displays }),
  });
}
