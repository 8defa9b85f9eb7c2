import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from '@/lib/rfid-api/readers-query-keys';

/** How often the pipeline counters and unmapped reads are asked for again. */
export const RFID_STATUS_REFRESH_MS = 30_000;

const ZCountSchema = z.number().int().nonnegative();

export const ZRfidStatusSchema = z.object({
  received: ZCountSchema,
  fresh: ZCountSchema,
  repeats: ZCountSchema,
  rejected: ZCountSchema,
  ignored: ZCountSchema,
  moved: ZCountSchema,
  tagAssignment: ZCountSchema,
  unknownTag: ZCountSchema,
  batches: ZCountSchema,
  unmapped: z.array(z.object({ readerId: z.string(), antenna: z.number().int(), reads: ZCountSchema })),
});
export type TRfidStatus = z.infer<typeof ZRfidStatusSchema>;
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
