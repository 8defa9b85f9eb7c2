import { type TAlertRules, ZAlertRulesSchema } from '@loupe/domain/alerts/alerts';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { alertsQueryKeys } from './alerts-query-keys';

/** PUT /alerts/rules (admins and managers). */
export async function updateAlertRules(rules: TAlertRules) {
  return parseData(ZAlertRulesSchema, await apiClient.put('alerts/rules', rules));
}

export function useUpdateAlertRules() {
  return useSaveMutation({ mutationFn: updateAlertRules, queryKey: alertsQueryKeys.rules });
}
