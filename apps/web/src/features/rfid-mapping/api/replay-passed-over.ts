import { type TReplaySummary, ZReplaySummarySchema } from '@loupe/domain/rfid/rfid-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { readersQueryKeys } from './readers-query-keys';

/** POST /rfid/passed-over/replay: applies again the acknowledged reads the server passed over. */
export async function replayPassedOver(): Promise<TReplaySummary> {
  return parseData(ZReplaySummarySchema, await apiClient.post('rfid/passed-over/replay'));
}

export function useReplayPassedOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayPassedOver,
    onSettled: () => queryClient.invalidateQueries({ queryKey: readersQueryKeys.rfidStatus }),
  });
}
