import {
  type TAntennaMapping,
  type TAntennaMappingInput,
  ZAntennaMappingSchema,
} from '@loupe/domain/registry/readers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

export type TMapAntenna = {
  readonly readerId: string;
  readonly antenna: number;
  readonly mapping: TAntennaMappingInput;
};

export function antennaPath(readerId: string, antenna: number): string {
  return `readers/${encodeURIComponent(readerId)}/antennas/${antenna}`;
}

/** PUT /readers/{id}/antennas/{antenna}: a station of a department, or the tag-assignment antenna. */
export async function mapAntenna({ readerId, antenna, mapping }: TMapAntenna): Promise<TAntennaMapping> {
  return parseData(ZAntennaMappingSchema, await apiClient.put(antennaPath(readerId, antenna), mapping));
}

export function useMapAntenna() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mapAntenna,
    // The status too: its unmapped reads are shown only for antennas still unmapped.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readersQueryKeys.all }),
  });
}
