import { offsiteSinceOf } from '@loupe/domain/jobs/job-state';
import { locationLabel, type TLocationHistoryEntry } from '@loupe/domain/tracking/location-history';
import type { TRepairLocation, TTrackedRepair } from '@loupe/domain/tracking/repair-tracking';
import {
  backendStatusFromClient,
  type TOffsiteItem,
  type TTrackedItemKind,
  type TTrackedOrderResponse,
  ZTrackedItemKindSchema,
} from '@loupe/domain/tracking/tracking-api';
import { type TTrackingStatus, ZTrackingStatusSchema } from '@loupe/domain/tracking/tracking-status';
import type { TLocationHistoryRow, TTrackedItemView, TTrackingRepository } from './repository.ts';

/** Rows → the answers of the tracking API (packages/domain/src/tracking). */

/** The stored status; a value this version does not know reads as active, as spec §4 does for the backend's. */
export function trackingStatusOf(value: string): TTrackingStatus {
  const parsed = ZTrackingStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : 'active';
}

/** The kind of a stored row; only the tracking module writes it, so anything else is a bug. */
export function itemKindOf(row: { readonly itemKind: string }): TTrackedItemKind {
  return ZTrackedItemKindSchema.parse(row.itemKind);
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** One arrival as spec §3 shows it; names and gradient as they were when the item arrived. */
export function historyEntryOf(row: TLocationHistoryRow): TLocationHistoryEntry {
  const timestamp = row.arrivedAt.toISOString();
  return {
    location: locationLabel(row.departmentName, row.stationName),
    department: row.departmentName,
    timestamp,
    duration: row.durationMinutes,
    currentDepartment: { id: row.departmentId, name: row.departmentName, gradient: row.departmentGradient },
    currentStation: { id: row.stationId, name: row.stationName },
    lastScanned: timestamp,
    rfidTag: row.epc,
  };
}

/** GET /tracking/orders item: the backend shape of spec §3. */
export function trackedOrderResponseOf(
  view: TTrackedItemView,
  history: readonly TLocationHistoryRow[],
): TTrackedOrderResponse {
  return {
    orderId: view.itemId,
    order: { orderNumber: view.number },
    epcCode: view.epc,
    status: backendStatusFromClient(trackingStatusOf(view.status)),
    currentDepartment: view.departmentName === null ? null : { name: view.departmentName },
    currentDepartmentId: view.currentDepartmentId,
    currentStation: view.stationName === null ? null : { name: view.stationName },
    currentStationId: view.currentStationId,
    locationHistory: history.map(historyEntryOf),
    lastSeenAt: iso(view.lastSeenAt),
    expectedOffsite: view.expectedOffsite,
    offsiteDetectedAt: iso(view.offsiteDetectedAt),
    offsiteReturnedAt: iso(view.offsiteReturnedAt),
  };
}

/** Where a tracked repair stands (spec §3); none until its first read. */
function repairLocationOf(view: TTrackedItemView): TRepairLocation | null {
  const { currentDepartmentId, departmentName, currentStationId, stationName, arrivedAt } = view;
  if (
    currentDepartmentId === null ||
    departmentName === null ||
    currentStationId === null ||
    stationName === null ||
    arrivedAt === null
  ) {
    return null;
  }
  return {
    departmentId: currentDepartmentId,
    departmentName,
    stationId: currentStationId,
    stationName,
    machineId: view.machineId,
    antennaNumber: view.currentAntenna ?? view.stationAntenna,
    timestamp: arrivedAt.toISOString(),
    epc: view.epc,
  };
}

/** GET /tracking/repairs item: the tracked repair of spec §3. */
export function trackedRepairOf(
  view: TTrackedItemView,
  history: readonly TLocationHistoryRow[],
): TTrackedRepair {
  return {
    repairId: view.itemId,
    repairNumber: view.number,
    epcCode: view.epc,
    status: trackingStatusOf(view.status),
    currentLocation: repairLocationOf(view),
    locationHistory: history.map(historyEntryOf),
    lastSeen: iso(view.lastSeenAt),
    offsiteDetectedAt: iso(view.offsiteDetectedAt),
    offsiteReturnedAt: iso(view.offsiteReturnedAt),
    isExpectedOffsite: view.expectedOffsite,
  };
}

export type TOffsiteRow = Awaited<ReturnType<TTrackingRepository['listOffsite']>>[number];

export function offsiteItemOf(row: TOffsiteRow): TOffsiteItem {
  return {
    itemKind: ZTrackedItemKindSchema.parse(row.itemKind),
    itemId: row.itemId,
    number: row.number,
    customerName: row.customerName,
    epc: row.epc,
    lastSeen: iso(row.lastSeenAt),
    offsiteDetectedAt: iso(row.offsiteDetectedAt),
    offsiteSince: iso(
      offsiteSinceOf({ lastSeenAt: row.lastSeenAt, offsiteDetectedAt: row.offsiteDetectedAt }),
    ),
    isExpectedOffsite: row.expectedOffsite,
    lastDepartmentName: row.departmentName,
    lastStationName: row.stationName,
  };
}
