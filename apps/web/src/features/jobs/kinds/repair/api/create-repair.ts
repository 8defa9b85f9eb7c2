import { type TCreateRepairInput, ZRepairSchema } from '@loupe/domain/repairs/repair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { repairsQueryKeys } from './query-keys';

/** POST /repairs; the server gives the repair its number. */
export async function createRepair(input: TCreateRepairInput) {
  return parseData(ZRepairSchema, await apiClient.post('repairs', input));
}

export function useCreateRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRepair,
    onSuccess: (repair) => {
      queryClient.setQueryData(repairsQueryKeys.detail(repair.id), repair);
      return queryClient.invalidateQueries({ queryKey: repairsQueryKeys.lists });
    },
  });
}
