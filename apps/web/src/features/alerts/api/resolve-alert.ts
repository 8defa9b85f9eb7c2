import { ZAlertSchema } from '@loupe/domain/alerts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { alertsQueryKeys } from './alerts-query-keys';

/** POST /alerts/{id}/resolve: closed, with what was done about it. */
export async function resolveAlert({ id, note }: { id: string; note: string }) {
  return parseData(ZAlertSchema, await apiClient.post(`alerts/${encodeURIComponent(id)}/resolve`, { note }));
}

export function useResolveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKeys.all }),
  });
}
