import { type TLlrpReader, type TLlrpSettings, ZLlrpReaderSchema } from '@loupe/domain/registry/llrp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

/** PUT /readers/{id}/llrp: the whole settings; the server reconnects with them and answers the new state. */
export async function saveReaderLlrp({
  readerId,
  settings,
}: {
  readerId: string;
  settings: TLlrpSettings;
}): Promise<TLlrpReader> {
  const body = await apiClient.put(`readers/${encodeURIComponent(readerId)}/llrp`, settings);
  return parseData(ZLlrpReaderSchema, body);
}

export function useSaveReaderLlrp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReaderLlrp,
    onSuccess: (saved, { readerId }) => {
      queryClient.setQueryData(readersQueryKeys.llrp(readerId), saved);
      return queryClient.invalidateQueries({ queryKey: readersQueryKeys.list });
    },
  });
}
