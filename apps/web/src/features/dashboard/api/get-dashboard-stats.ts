import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import { computeLocalTrackingStats, type TTrackingStats } from '@loupe/domain/tracking/tracking-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTrackedOrders } from '@/lib/tracking-api/get-tracked-orders';
import { dashboardQueryKeys } from './dashboard-query-keys';
import { getTrackingStats } from './get-tracking-stats';

/** `server`: GET /tracking/stats answered. `local`: counted here from the tracked orders (no repairs). */
export type TDashboardStatsSource = 'server' | 'local';

export type TDashboardStats = {
  readonly stats: TTrackingStats;
  readonly source: TDashboardStatsSource;
};

/**
 * The dashboard figures. Spec §7, §8: a failed stats call is only logged, and the client counts its tracked
 * orders instead; the query fails only when that fallback fails too.
 */
export async function getDashboardStats(signal?: AbortSignal): Promise<TDashboardStats> {
  try {
    return { stats: await getTrackingStats(signal), source: 'server' };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('GET /tracking/stats failed; counting the tracked orders locally', error);
    const orders = await getTrackedOrders(signal);
    return { stats: computeLocalTrackingStats(orders), source: 'local' };
  }
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKeys.stats,
    queryFn: ({ signal }) => getDashboardStats(signal),
    // Spec §9: tracking syncs every 30 s; realtime events refresh the 'tracking' root in between.
    refetchInterval: TRACKING_SYNC_INTERVAL_MS,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
