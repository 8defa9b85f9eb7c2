import { type TUpdateLocationInput, ZLocationSchema } from '@loupe/domain/registry/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

export async function updateLocation({ id, changes }: { id: string; changes: TUpdateLocationInput }) {
  return parseData(ZLocationSchema, await apiClient.patch(`locations/${encodeURIComponent(id)}`, changes));
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLocation, onSuccess: () => refreshRegistry(queryClient) });
}
