import { LIST_LIMIT_MAX, listPageSchema } from '@loupe/domain/api/list';
import { ZReaderSchema } from '@loupe/domain/registry/readers';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

const ZReadersPageSchema = lazySchema(() => listPageSchema(ZReaderSchema));

/**
 * GET /readers: every reader with its antenna mappings (admins and managers). A workshop has a handful: one page
 * holds them. Used by the RFID mapping screen and Settings › RFID simulator.
 */
export async function getReaders(signal?: AbortSignal) {
  const body = await apiClient.get('readers', {
    searchParams: { limit: LIST_LIMIT_MAX },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZReadersPageSchema, body);
}

export const readersQueryOptions = () =>
  queryOptions({
    queryKey: readersQueryKeys.list,
    queryFn: ({ signal }) => getReaders(signal),
  });

export function useReaders() {
  return useQuery(readersQueryOptions());
}
