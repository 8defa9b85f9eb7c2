import { type TAlertQuery, ZAlertSchema } from '@loupe/domain/alerts/alerts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { alertsQueryKeys } from './alerts-query-keys';

/** GET /alerts: the feed, open first, most severe first. */
export async function getAlerts(query: TAlertQuery, signal?: AbortSignal) {
  const body = await apiClient.get('alerts', { searchParams: { ...query }, ...(signal ? { signal } : {}) });
  return parseData(z.array(ZAlertSchema), body);
}

export function useAlerts(query: TAlertQuery) {
  return useQuery({
    queryKey: alertsQueryKeys.feed(query),
    queryFn: ({ signal }) => getAlerts(query, signal),
    placeholderData: keepPreviousData,
  });
}
