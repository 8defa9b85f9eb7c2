import { type TRfidStatus, ZRfidStatusSchema } from '@loupe/domain/rfid/rfid-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

/** How often the pipeline counters and unmapped reads are asked for again. */
export const RFID_STATUS_REFRESH_MS = 30_000;

export type { TRfidStatus } from '@loupe/domain/rfid/rfid-status';
export type TUnmappedReads = TRfidStatus['unmapped'][number];

/** GET /rfid/status: what the server's read pipeline has seen since it started, and reads nobody mapped. */
export async function getRfidStatus(signal?: AbortSignal): Promise<TRfidStatus> {
  return parseData(ZRfidStatusSchema, await apiClient.get('rfid/status', signal ? { signal } : {}));
}

export const rfidStatusQueryOptions = () =>
  queryOptions({
    queryKey: readersQueryKeys.rfidStatus,
    queryFn: ({ signal }) => getRfidStatus(signal),
    refetchInterval: RFID_STATUS_REFRESH_MS,
  });

export function useRfidStatus() {
  return useQuery(rfidStatusQueryOptions());
}
