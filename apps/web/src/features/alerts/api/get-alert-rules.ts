import { ZAlertRulesSchema } from '@loupe/domain/alerts/alerts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { alertsQueryKeys } from './alerts-query-keys';

/** GET /alerts/rules: which rules are on, with their limits and severities. */
export async function getAlertRules(signal?: AbortSignal) {
  return parseData(ZAlertRulesSchema, await apiClient.get('alerts/rules', signal ? { signal } : {}));
}

export function useAlertRules() {
  return useQuery({ queryKey: alertsQueryKeys.rules, queryFn: ({ signal }) => getAlertRules(signal) });
}
