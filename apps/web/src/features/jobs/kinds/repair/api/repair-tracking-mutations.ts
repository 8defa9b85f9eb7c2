import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { repairsQueryKeys } from './query-keys';

/** Every tracking change moves the repair's row, its detail, its timeline and its history. */
function useInvalidateTracking() {
  const queryClient = useQueryClient();
  return (repairId: string, { everyRepair = false }: { everyRepair?: boolean } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: repairsQueryKeys.lists }),
      // An EPC moved from another repair changes that repair too.
      queryClient.invalidateQueries({
        queryKey: everyRepair ? repairsQueryKeys.details : repairsQueryKeys.detail(repairId),
      }),
      queryClient.invalidateQueries({
        queryKey: everyRepair ? repairsQueryKeys.trackings : repairsQueryKeys.tracking(repairId),
      }),
      queryClient.invalidateQueries({ queryKey: repairsQueryKeys.history(repairId) }),
    ]);
}

export type TAssignRepairEpcInput = { repairId: string; epcCode: string; repairNumber: string };

/** POST /tracking/repairs/assign-epc: starts tracking; an EPC on another item is taken off it first (spec §4). */
export async function assignRepairEpc(input: TAssignRepairEpcInput) {
  return parseSuccess(await apiClient.post('tracking/repairs/assign-epc', input));
}

export function useAssignRepairEpc() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: assignRepairEpc,
    onSuccess: (_message, input) => invalidate(input.repairId, { everyRepair: true }),
  });
}

/** POST /tracking/repairs/:repairId/expected-offsite. */
export async function setRepairExpectedOffsite({
  repairId,
  expectedOffsite,
}: {
  repairId: string;
  expectedOffsite: boolean;
}) {
  return parseSuccess(
    await apiClient.post(`tracking/repairs/${encodeURIComponent(repairId)}/expected-offsite`, {
      expectedOffsite,
    }),
  );
}

export function useSetRepairExpectedOffsite() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: setRepairExpectedOffsite,
    onSuccess: (_message, input) => invalidate(input.repairId),
  });
}

/** DELETE /tracking/repairs/:repairId: stops tracking and frees the EPC (spec §4). */
export async function stopRepairTracking({ repairId }: { repairId: string }) {
  return parseSuccess(await apiClient.delete(`tracking/repairs/${encodeURIComponent(repairId)}`));
}

export function useStopRepairTracking() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: stopRepairTracking,
    onSuccess: (_message, input) => invalidate(input.repairId),
  });
}

/** POST /tracking/repairs/:repairId/return: offsite → returned, allowed only from offsite (spec §4). */
export async function returnRepairFromOffsite({ repairId }: { repairId: string }) {
  return parseSuccess(await apiClient.post(`tracking/repairs/${encodeURIComponent(repairId)}/return`));
}

export function useReturnRepairFromOffsite() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: returnRepairFromOffsite,
    onSuccess: (_message, input) => invalidate(input.repairId),
  });
}
