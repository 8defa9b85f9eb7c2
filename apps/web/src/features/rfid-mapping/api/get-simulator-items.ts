import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import type { TTrackingStatus } from '@loupe/domain/tracking/tracking-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTrackedOrders } from '@/lib/tracking-api/get-tracked-orders';
import { getTrackedRepairs } from './get-tracked-repairs';

/** An order or repair with a tag, as the simulator offers it: its EPC and its number. */
export type TSimulatorItem = {
  readonly kind: TTrackedItemKind;
  readonly id: string;
  readonly number: string;
  readonly epc: string;
  readonly status: TTrackingStatus;
  /** 'Casting - Bench 1', or null before its first read. */
  readonly location: string | null;
};

/** Under the 'tracking' root, so that realtime tracking events refresh where each item is. */
export const simulatorItemsQueryKey = ['tracking', 'simulator-items'] as const;

function locationText(department: string | null | undefined, station: string | null | undefined) {
  if (!department) return null;
  return station ? `${department} - ${station}` : department;
}

/** What the simulator needs of a tracked order or repair, whose id and number fields differ by kind. */
function simulatorItem(
  kind: TTrackedItemKind,
  id: string,
  number: string,
  tracked: {
    epcCode: string;
    status: TTrackingStatus;
    currentLocation?: { departmentName?: string | null; stationName?: string | null } | null;
  },
): TSimulatorItem {
  return {
    kind,
    id,
    number,
    epc: tracked.epcCode,
    status: tracked.status,
    location: locationText(tracked.currentLocation?.departmentName, tracked.currentLocation?.stationName),
  };
}

/**
 * Every tagged order and repair (GET /tracking/orders and /tracking/repairs), orders first, each by number:
 * the EPCs the simulator offers. A malformed order is logged and left out (spec §8).
 */
export async function getSimulatorItems(signal?: AbortSignal): Promise<TSimulatorItem[]> {
  const [orders, repairs] = await Promise.all([getTrackedOrders(signal), getTrackedRepairs(signal)]);
  const byNumber = (a: TSimulatorItem, b: TSimulatorItem) => a.number.localeCompare(b.number);
  return [
    ...orders.map((order) => simulatorItem('order', order.orderId, order.orderNumber, order)).sort(byNumber),
    ...repairs
      .map((repair) => simulatorItem('repair', repair.repairId, repair.repairNumber, repair))
      .sort(byNumber),
  ];
}

export const simulatorItemsQueryOptions = () =>
  queryOptions({
    queryKey: simulatorItemsQueryKey,
    queryFn: ({ signal }) => getSimulatorItems(signal),
    // Spec §7, §9: GET /tracking/orders is polled every 30 s, and refreshed on realtime events in between.
    refetchInterval: TRACKING_SYNC_INTERVAL_MS,
  });

export function useSimulatorItems() {
  return useQuery(simulatorItemsQueryOptions());
}
