import { type TUpdateRepairInput, ZRepairSchema } from '@loupe/domain/repairs/repair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { repairsQueryKeys } from './query-keys';

/** PATCH /repairs/:id with only the fields that changed (the history records exactly those). */
export async function updateRepair({ repairId, changes }: { repairId: string; changes: TUpdateRepairInput }) {
  return parseData(ZRepairSchema, await apiClient.patch(`repairs/${encodeURIComponent(repairId)}`, changes));
}

export function useUpdateRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRepair,
    onSuccess: (repair) => {
      queryClient.setQueryData(repairsQueryKeys.detail(repair.id), repair);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: repairsQueryKeys.lists }),
        queryClient.invalidateQueries({ queryKey: repairsQueryKeys.history(repair.id) }),
      ]);
    },
  });
}
