import { clientStatusFromBackend } from '@loupe/domain/tracking/tracked-order';
import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';

/** Where a tagged order or repair is, as item-repository.ts's trackingColumns select it. */
export type TTrackingColumns = {
  trackingEpc: string | null;
  trackingStatus: string | null;
  trackingDepartmentId: string | null;
  trackingDepartmentName: string | null;
  trackingStationId: string | null;
  trackingStationName: string | null;
  trackingLocationId: string | null;
  trackingArrivedAt: Date | null;
  trackingLastSeenAt: Date | null;
  trackingOffsiteDetectedAt: Date | null;
  trackingOffsiteReturnedAt: Date | null;
  trackingExpectedOffsite: boolean | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toTrackingSummary(row: TTrackingColumns): TTrackedItemSummary | null {
  if (row.trackingEpc === null) return null;
  return {
    epc: row.trackingEpc,
    status: clientStatusFromBackend(row.trackingStatus ?? ''),
    departmentId: row.trackingDepartmentId,
    departmentName: row.trackingDepartmentName,
    stationId: row.trackingStationId,
    stationName: row.trackingStationName,
    arrivedAt: iso(row.trackingArrivedAt),
    lastSeen: iso(row.trackingLastSeenAt),
    offsiteDetectedAt: iso(row.trackingOffsiteDetectedAt),
    offsiteReturnedAt: iso(row.trackingOffsiteReturnedAt),
    isExpectedOffsite: row.trackingExpectedOffsite ?? false,
  };
}
