import { ZReaderSchema, type ZUpdateReaderInputSchema } from '@loupe/domain/registry/readers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

export type TReaderChanges = z.output<typeof ZUpdateReaderInputSchema>;

/** PATCH /readers/{id}: fields left out keep their value. */
export async function updateReader({ id, changes }: { id: string; changes: TReaderChanges }) {
  return parseData(ZReaderSchema, await apiClient.patch(`readers/${encodeURIComponent(id)}`, changes));
}

export function useUpdateReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReader,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readersQueryKeys.all }),
  });
}
