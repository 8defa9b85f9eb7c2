import { type TCreateLocationInput, ZLocationSchema } from '@loupe/domain/registry/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

export async function createLocation(input: TCreateLocationInput) {
  return parseData(ZLocationSchema, await apiClient.post('locations', input));
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLocation, onSuccess: () => refreshRegistry(queryClient) });
}
