import { clientStatusFromBackend } from '@loupe/domain/tracking/tracked-order';
import type { TTrackedItemKind, TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { departments, stations, trackedItems } from '../../db/schema.ts';

/**
 * Where a tagged order or repair is, read from tracked_items (written by the tracking module) with the
 * current department's and station's names. Shared by the orders and repairs repositories.
 */
export const trackingColumns = {
  trackingEpc: trackedItems.epc,
  trackingStatus: trackedItems.status,
  trackingDepartmentId: trackedItems.currentDepartmentId,
  trackingDepartmentName: departments.name,
  trackingStationId: trackedItems.currentStationId,
  trackingStationName: stations.name,
  trackingArrivedAt: trackedItems.arrivedAt,
  trackingLastSeenAt: trackedItems.lastSeenAt,
  trackingOffsiteDetectedAt: trackedItems.offsiteDetectedAt,
  trackingOffsiteReturnedAt: trackedItems.offsiteReturnedAt,
  trackingExpectedOffsite: trackedItems.expectedOffsite,
};

export type TTrackingColumns = {
  trackingEpc: string | null;
  trackingStatus: string | null;
  trackingDepartmentId: string | null;
  trackingDepartmentName: string | null;
  trackingStationId: string | null;
  trackingStationName: string | null;
  trackingArrivedAt: Date | null;
  trackingLastSeenAt: Date | null;
  trackingOffsiteDetectedAt: Date | null;
  trackingOffsiteReturnedAt: Date | null;
  trackingExpectedOffsite: boolean | null;
};

/** The join condition of an item's tracked_items row. */
export function trackedItemOf(kind: TTrackedItemKind, itemId: AnyPgColumn): SQL {
  return and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, itemId)) as SQL;
}

/**
 * The `tracked` list filter: whether the item carries a tag now. The outer table is named outright: in a
 * one-table select (the count) drizzle leaves columns unqualified.
 */
export function isTracked(kind: TTrackedItemKind, table: 'orders' | 'repairs', tracked: boolean): SQL {
  const exists = sql`exists (select 1 from "tracked_items" as t where t.item_kind = ${kind} and t.item_id = ${sql.raw(`"${table}"."id"`)})`;
  return tracked ? exists : sql`not ${exists}`;
}

export const trackingDepartmentJoin = eq(departments.id, trackedItems.currentDepartmentId);
export const trackingStationJoin = eq(stations.id, trackedItems.currentStationId);

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
