import { type TSystemHealth, ZSystemHealthSchema } from '@loupe/domain/system/client-telemetry';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

export const systemHealthQueryKey = (hours: number) => ['system-health', hours] as const;

/** GET /telemetry/health (admins): the browsers' errors, slow requests and timings of the last `hours`. */
export async function getSystemHealth(hours: number, signal?: AbortSignal): Promise<TSystemHealth> {
  const body = await apiClient.get('telemetry/health', {
    searchParams: { hours },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZSystemHealthSchema, body);
}

/** Reports arrive every 30 s from each open browser; the page follows them at the same pace. */
const HEALTH_POLL_MS = 30_000;

export const systemHealthQueryOptions = (hours: number) =>
  queryOptions({
    queryKey: systemHealthQueryKey(hours),
    queryFn: ({ signal }) => getSystemHealth(hours, signal),
    refetchInterval: HEALTH_POLL_MS,
    placeholderData: keepPreviousData,
  });

export function useSystemHealth(hours: number) {
  return useQuery(systemHealthQueryOptions(hours));
}
