import { type TUpdateStationInput, ZStationSchema } from '@loupe/domain/registry/stations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

export async function updateStation({ id, changes }: { id: string; changes: TUpdateStationInput }) {
  return parseData(ZStationSchema, await apiClient.patch(`stations/${encodeURIComponent(id)}`, changes));
}

export function useUpdateStation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStation, onSuccess: () => refreshRegistry(queryClient) });
}
