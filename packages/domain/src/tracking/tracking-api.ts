import { z } from 'zod';
import { ZInstantSchema } from '../api/dates';
import { ZEpcSchema } from '../rfid/epc';
import { lazySchema } from '../validation/lazy-schema';
import { ZLocationHistoryEntrySchema } from './location-history';
import { type TTrackingStatus, ZTrackingStatusSchema } from './tracking-status';

/**
 * The tracking API of spec §7 under /api/v1/tracking, for orders exactly as the spec's table gives it and
 * the same capabilities for repairs. Request EPCs are normalized here, at the boundary (spec §4 then
 * matches exactly).
 */

const ZAntennaSchema = lazySchema(() => z.number().int().min(1).max(64));

export const TRACKED_ITEM_KINDS = ['order', 'repair'] as const;
export const ZTrackedItemKindSchema = lazySchema(() => z.enum(TRACKED_ITEM_KINDS));
export type TTrackedItemKind = z.infer<typeof ZTrackedItemKindSchema>;

/** The backend's word for a status (spec §3 "Tracked order (backend)"): active is 'tracking'. */
export const BACKEND_TRACKING_STATUSES = ['tracking', 'offsite', 'returned'] as const;
export type TBackendTrackingStatus = (typeof BACKEND_TRACKING_STATUSES)[number];

export function backendStatusFromClient(status: TTrackingStatus): TBackendTrackingStatus {
  switch (status) {
    case 'active':
      return 'tracking';
    case 'offsite':
      return 'offsite';
    case 'returned':
      return 'returned';
  }
}

/** Where a tagged order or repair is, embedded in the order and repair answers. */
export const ZTrackedItemSummarySchema = lazySchema(() =>
  z.object({
    epc: z.string(),
    status: ZTrackingStatusSchema,
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    stationId: z.string().nullable(),
    stationName: z.string().nullable(),
    arrivedAt: z.string().nullable(),
    lastSeen: z.string().nullable(),
    offsiteDetectedAt: z.string().nullable(),
    offsiteReturnedAt: z.string().nullable(),
    isExpectedOffsite: z.boolean(),
  }),
);
export type TTrackedItemSummary = z.infer<typeof ZTrackedItemSummarySchema>;

/** GET /tracking/orders item: the backend shape of spec §3, camelCase, plus the offsite times. */
export const ZTrackedOrderResponseSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    order: z.object({ orderNumber: z.string() }),
    epcCode: z.string(),
    status: z.enum(BACKEND_TRACKING_STATUSES),
    currentDepartment: z.object({ name: z.string() }).nullable(),
    currentDepartmentId: z.string().nullable(),
    currentStation: z.object({ name: z.string() }).nullable(),
    currentStationId: z.string().nullable(),
    locationHistory: z.array(ZLocationHistoryEntrySchema),
    lastSeenAt: z.string().nullable(),
    expectedOffsite: z.boolean(),
    offsiteDetectedAt: z.string().nullable(),
    offsiteReturnedAt: z.string().nullable(),
  }),
);
export type TTrackedOrderResponse = z.infer<typeof ZTrackedOrderResponseSchema>;

/** POST /tracking/orders/update-location (spec §7). */
export const ZOrderLocationUpdateSchema = lazySchema(() =>
  z.object({
    orderId: z.string().min(1),
    epcCode: ZEpcSchema,
    departmentId: z.string().min(1),
    stationId: z.string().min(1),
    readerId: z.string().min(1).max(64).nullish(),
    antennaNumber: ZAntennaSchema.nullish(),
    timestamp: ZInstantSchema.optional(),
  }),
);
export type TOrderLocationUpdate = z.output<typeof ZOrderLocationUpdateSchema>;

export const ZRepairLocationUpdateSchema = lazySchema(() =>
  ZOrderLocationUpdateSchema.unwrap()
    .omit({ orderId: true })
    .extend({
      repairId: z.string().min(1),
    }),
);
export type TRepairLocationUpdate = z.output<typeof ZRepairLocationUpdateSchema>;

/**
 * What a location update did: `moved` (a new arrival, locationChanged), `seen` (same department and
 * station, only lastSeen refreshed) or `stale` (older than the current arrival, nothing changed). A read
 * of an offsite item also returns it.
 */
export const LOCATION_UPDATE_OUTCOMES = ['moved', 'seen', 'stale'] as const;
export const ZLocationUpdateResultSchema = lazySchema(() =>
  z.object({
    locationChanged: z.boolean(),
    outcome: z.enum(LOCATION_UPDATE_OUTCOMES),
    returnedFromOffsite: z.boolean(),
  }),
);
export type TLocationUpdateResult = z.infer<typeof ZLocationUpdateResultSchema>;

/**
 * POST /stations/{stationId}/scans: a keyboard-wedge scanner at a station without a fixed reader types the
 * tag's EPC and Enter; the item moves to that station as a reader's read would move it.
 */
export const ZStationScanSchema = lazySchema(() =>
  z.object({
    epc: ZEpcSchema,
    /** When it was scanned; a scan sent again later (Retry) keeps its time, so a newer read still wins. */
    scannedAt: ZInstantSchema.optional(),
  }),
);

export const STATION_SCAN_OUTCOMES = ['moved', 'seen', 'stale', 'unknown-tag'] as const;
export type TStationScanOutcome = (typeof STATION_SCAN_OUTCOMES)[number];

export const ZStationScanResultSchema = lazySchema(() =>
  z.object({
    outcome: z.enum(STATION_SCAN_OUTCOMES),
    epc: z.string(),
    /** The item the tag is on; null when no tracked item carries it, or the user may not see repairs. */
    item: z.object({ kind: z.enum(['order', 'repair']), id: z.string(), number: z.string() }).nullable(),
    returnedFromOffsite: z.boolean(),
    message: z.string(),
  }),
);
export type TStationScanResult = z.infer<typeof ZStationScanResultSchema>;

/** GET /stations/{stationId}/items: what stands at a station now, longest there first. */
export const ZStationItemSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair']),
    id: z.string(),
    number: z.string(),
    customerName: z.string(),
    epc: z.string(),
    status: ZTrackingStatusSchema,
    arrivedAt: z.iso.datetime({ offset: true }).nullable(),
    lastSeen: z.iso.datetime({ offset: true }).nullable(),
  }),
);
export type TStationItem = z.infer<typeof ZStationItemSchema>;

/** POST /tracking/assign-epc (spec §7): the order number is informative; the server knows its orders. */
export const ZAssignOrderEpcSchema = lazySchema(() =>
  z.object({
    orderId: z.string().min(1),
    epcCode: ZEpcSchema,
    orderNumber: z.string().optional(),
  }),
);
export const ZAssignRepairEpcSchema = lazySchema(() =>
  z.object({
    repairId: z.string().min(1),
    epcCode: ZEpcSchema,
    repairNumber: z.string().optional(),
  }),
);

/** POST /tracking/{orders|repairs}/{id}/expected-offsite (spec §7). */
export const ZExpectedOffsiteSchema = lazySchema(() => z.object({ expectedOffsite: z.boolean() }));

/**
 * GET /tracking/stats (spec §7, §9): counts of tracked orders and repairs, and per department. The repair
 * figures are there only for the roles that see repairs; for anyone else they are left out, and the total
 * and the department counts are of orders alone (issue 20 §5).
 */
export const ZTrackingStatsSchema = lazySchema(() =>
  z.object({
    totalTracked: z.number().int().nonnegative(),
    activeOrders: z.number().int().nonnegative(),
    offsiteOrders: z.number().int().nonnegative(),
    returnedOrders: z.number().int().nonnegative(),
    activeRepairs: z.number().int().nonnegative().optional(),
    offsiteRepairs: z.number().int().nonnegative().optional(),
    returnedRepairs: z.number().int().nonnegative().optional(),
    /** Items currently in each department, keyed by department name (what a client can also count). */
    departmentCounts: z.record(z.string(), z.number().int().nonnegative()),
  }),
);
export type TTrackingStats = z.infer<typeof ZTrackingStatsSchema>;

/**
 * Spec §7: when GET /tracking/stats fails the client counts its tracked orders itself. Repairs are not in
 * that list, so their counts are 0.
 */
export function computeLocalTrackingStats(
  orders: readonly { status: TTrackingStatus; currentLocation: { departmentName: string } | null }[],
): TTrackingStats {
  const departmentCounts: Record<string, number> = {};
  for (const order of orders) {
    if (order.status === 'offsite' || order.currentLocation === null) continue;
    const name = order.currentLocation.departmentName;
    departmentCounts[name] = (departmentCounts[name] ?? 0) + 1;
  }
  return {
    totalTracked: orders.length,
    activeOrders: orders.filter((o) => o.status === 'active').length,
    offsiteOrders: orders.filter((o) => o.status === 'offsite').length,
    returnedOrders: orders.filter((o) => o.status === 'returned').length,
    activeRepairs: 0,
    offsiteRepairs: 0,
    returnedRepairs: 0,
    departmentCounts,
  };
}

/** One row of the /offsite screen: an order or repair out of the building. */
export const ZOffsiteItemSchema = lazySchema(() =>
  z.object({
    itemKind: ZTrackedItemKindSchema,
    itemId: z.string(),
    number: z.string(),
    customerName: z.string(),
    epc: z.string(),
    lastSeen: z.string().nullable(),
    offsiteDetectedAt: z.string().nullable(),
    /** Since when it is gone: last seen, as the job state counts it (jobs/job-state.ts offsiteSinceOf). */
    offsiteSince: z.string().nullable(),
    isExpectedOffsite: z.boolean(),
    lastDepartmentName: z.string().nullable(),
    lastStationName: z.string().nullable(),
  }),
);
export type TOffsiteItem = z.infer<typeof ZOffsiteItemSchema>;
