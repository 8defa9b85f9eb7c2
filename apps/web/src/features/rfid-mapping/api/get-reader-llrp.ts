import { type TLlrpReader, ZLlrpReaderSchema } from '@loupe/domain/registry/llrp';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

/** GET /readers/{id}/llrp: an LLRP reader's settings (null until saved) and how its connection is now. */
export async function getReaderLlrp(readerId: string, signal?: AbortSignal): Promise<TLlrpReader> {
  const body = await apiClient.get(`readers/${encodeURIComponent(readerId)}/llrp`, signal ? { signal } : {});
  return parseData(ZLlrpReaderSchema, body);
}

/**
 * How often a connection on its way (connecting, or disconnected and trying again) is looked at again: the
 * socket announces a reader's status, not each attempt, and an event missed while the socket reconnects would
 * leave the card behind.
 */
export const LLRP_CONNECTING_REFETCH_MS = 2_000;

export const readerLlrpQueryOptions = (readerId: string) =>
  queryOptions({
    queryKey: readersQueryKeys.llrp(readerId),
    queryFn: ({ signal }) => getReaderLlrp(readerId, signal),
    refetchInterval: (query) => (isOnItsWay(query.state.data) ? LLRP_CONNECTING_REFETCH_MS : false),
  });

function isOnItsWay(reader: TLlrpReader | undefined): boolean {
  const state = reader?.settings ? reader.connection.state : undefined;
  return state === 'connecting' || state === 'disconnected';
}

/** Only LLRP readers have these: a card of another kind passes `enabled: false`. */
export function useReaderLlrp(readerId: string, { enabled }: { readonly enabled: boolean }) {
  return useQuery({ ...readerLlrpQueryOptions(readerId), enabled });
}
