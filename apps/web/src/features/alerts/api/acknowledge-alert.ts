import { ZAlertSchema } from '@loupe/domain/alerts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { alertsQueryKeys } from './alerts-query-keys';

/** POST /alerts/{id}/acknowledge: someone is on it. */
export async function acknowledgeAlert(id: string) {
  return parseData(ZAlertSchema, await apiClient.post(`alerts/${encodeURIComponent(id)}/acknowledge`));
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKeys.all }),
  });
}
