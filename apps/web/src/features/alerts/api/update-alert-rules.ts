import { type TAlertRules, ZAlertRulesSchema } from '@loupe/domain/alerts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { alertsQueryKeys } from './alerts-query-keys';

/** PUT /alerts/rules (admins and managers). */
export async function updateAlertRules(rules: TAlertRules) {
  return parseData(ZAlertRulesSchema, await apiClient.put('alerts/rules', rules));
}

export function useUpdateAlertRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertRules,
    onSuccess: (rules) => queryClient.setQueryData(alertsQueryKeys.rules, rules),
  });
}
