import { ZReaderWithKeySchema } from '@loupe/domain/registry/readers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import type { TReaderWithKey } from './create-reader';
import { readersQueryKeys } from './readers-query-keys';

/** POST /readers/{id}/api-key: a new key, readable this once; the old one stops working at once. */
export async function rotateReaderKey(id: string): Promise<TReaderWithKey> {
  return parseData(ZReaderWithKeySchema, await apiClient.post(`readers/${encodeURIComponent(id)}/api-key`));
}

export function useRotateReaderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateReaderKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readersQueryKeys.all }),
  });
}
