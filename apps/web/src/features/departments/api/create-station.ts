import { type TUpdateStationInput, ZStationSchema } from '@loupe/domain/registry/stations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

/** The fields a person enters for a new station; id, item count and last seen are the server's. */
export type TNewStation = TUpdateStationInput & { readonly name: string };

export async function createStation({
  departmentId,
  station,
}: {
  departmentId: string;
  station: TNewStation;
}) {
  const body = await apiClient.post(`departments/${encodeURIComponent(departmentId)}/stations`, station);
  return parseData(ZStationSchema, body);
}

export function useCreateStation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStation, onSuccess: () => refreshRegistry(queryClient) });
}
