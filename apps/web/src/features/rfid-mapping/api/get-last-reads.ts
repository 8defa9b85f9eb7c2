import { ZAntennaLastReadSchema } from '@loupe/domain/registry/readers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

/** GET /readers/last-reads: the newest stored read of every antenna, true however long the screen was closed. */
export async function getLastReads(signal?: AbortSignal) {
  return parseData(
    z.array(ZAntennaLastReadSchema),
    await apiClient.get('readers/last-reads', signal ? { signal } : {}),
  );
}

export const lastReadsQueryOptions = () =>
  queryOptions({ queryKey: readersQueryKeys.lastReads, queryFn: ({ signal }) => getLastReads(signal) });

export function useStoredLastReads() {
  return useQuery(lastReadsQueryOptions());
}
