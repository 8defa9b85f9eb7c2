import { type TCreateReaderInput, ZReaderWithKeySchema } from '@loupe/domain/registry/readers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

export type TReaderWithKey = z.infer<typeof ZReaderWithKeySchema>;

/** POST /readers: the answer holds the reader's API key, readable this once only. */
export async function createReader(input: TCreateReaderInput): Promise<TReaderWithKey> {
  return parseData(ZReaderWithKeySchema, await apiClient.post('readers', input));
}

export function useCreateReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReader,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readersQueryKeys.all }),
  });
}
