import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { ZLocationHistoryEntrySchema } from './location-history';
import { type TTrackingStatus, ZTrackingStatusSchema } from './tracking-status';

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));
// Backends differ in whether ids are numbers or strings; the client always keys by string.
const ZIdSchema = lazySchema(() => z.union([z.string().min(1), z.number().int()]).transform(String));

/** Spec §4: backend tracking → active, offsite → offsite, returned → returned, anything else → active. */
export function clientStatusFromBackend(status: string): TTrackingStatus {
  switch (status) {
    case 'offsite':
      return 'offsite';
    case 'returned':
      return 'returned';
    default:
      // 'tracking' and any status this client does not know.
      return 'active';
  }
}

const ZBackendTrackedOrderInputSchema = lazySchema(() =>
  z.object({
    orderId: ZIdSchema.nullish(),
    order_id: ZIdSchema.nullish(),
    order: z.object({ orderNumber: ZIdSchema }),
    epcCode: z.string().min(1).nullish(),
    epc_code: z.string().min(1).nullish(),
    // Any string: unknown statuses are shown as active rather than dropping the order (spec §4).
    status: z.string(),
    currentDepartment: z.object({ name: z.string() }).nullish(),
    currentDepartmentId: ZIdSchema.nullish(),
    currentStation: z.object({ name: z.string() }).nullish(),
    currentStationId: ZIdSchema.nullish(),
    locationHistory: z.array(ZLocationHistoryEntrySchema).nullish(),
    lastSeenAt: ZTimestampSchema.nullish(),
    last_seen_at: ZTimestampSchema.nullish(),
    expectedOffsite: z.boolean().nullish(),
    expected_offsite: z.boolean().nullish(),
    // Loupe's server adds the offsite times to the spec's shape; other backends leave them out.
    offsiteDetectedAt: ZTimestampSchema.nullish(),
    offsiteReturnedAt: ZTimestampSchema.nullish(),
  }),
);

/**
 * A tracked order as the backend sends it (spec §3). Both spellings of orderId, epcCode, lastSeenAt
 * and expectedOffsite are accepted and normalised to camelCase; the camelCase one wins when both are set.
 */
export const ZBackendTrackedOrderSchema = lazySchema(() =>
  ZBackendTrackedOrderInputSchema.transform((raw, ctx) => {
    const orderId = raw.orderId ?? raw.order_id;
    const epcCode = raw.epcCode ?? raw.epc_code;
    if (orderId == null) ctx.addIssue({ code: 'custom', message: 'orderId is required', path: ['orderId'] });
    if (epcCode == null) ctx.addIssue({ code: 'custom', message: 'epcCode is required', path: ['epcCode'] });
    if (orderId == null || epcCode == null) return z.NEVER;
    return {
      orderId,
      order: { orderNumber: raw.order.orderNumber },
      epcCode,
      status: raw.status,
      currentDepartment: raw.currentDepartment ?? null,
      currentDepartmentId: raw.currentDepartmentId ?? null,
      currentStation: raw.currentStation ?? null,
      currentStationId: raw.currentStationId ?? null,
      locationHistory: raw.locationHistory ?? [],
      lastSeenAt: raw.lastSeenAt ?? raw.last_seen_at ?? null,
      expectedOffsite: raw.expectedOffsite ?? raw.expected_offsite ?? false,
      // Only when sent, so the spec's shape parses to exactly the spec's fields.
      ...(raw.offsiteDetectedAt == null ? {} : { offsiteDetectedAt: raw.offsiteDetectedAt }),
      ...(raw.offsiteReturnedAt == null ? {} : { offsiteReturnedAt: raw.offsiteReturnedAt }),
    };
  }),
);
export type TBackendTrackedOrderInput = z.input<typeof ZBackendTrackedOrderSchema>;
export type TBackendTrackedOrder = z.output<typeof ZBackendTrackedOrderSchema>;

/** Where a tracked order is (spec §3); stationId is kept beside the spec's fields so screens can link. */
export const ZOrderLocationSchema = lazySchema(() =>
  z.object({
    departmentId: z.string(),
    departmentName: z.string(),
    stationId: z.string().nullable(),
    stationName: z.string().nullable(),
    machineId: z.string().nullable(),
    antennaNumber: z.number().int().positive().nullable(),
  }),
);
export type TOrderLocation = z.infer<typeof ZOrderLocationSchema>;

/** A tracked order as the client holds it (spec §3). */
export const ZTrackedOrderSchema = lazySchema(() =>
  z.object({
    orderId: z.string().min(1),
    orderNumber: z.string().min(1),
    epcCode: z.string().min(1),
    status: ZTrackingStatusSchema,
    currentLocation: ZOrderLocationSchema.nullable(),
    locationHistory: z.array(ZLocationHistoryEntrySchema),
    lastSeen: ZTimestampSchema.nullable(),
    offsiteDetectedAt: ZTimestampSchema.nullable(),
    offsiteReturnedAt: ZTimestampSchema.nullable(),
    isExpectedOffsite: z.boolean(),
  }),
);
export type TTrackedOrder = z.infer<typeof ZTrackedOrderSchema>;

/**
 * Backend → client shape. The backend shape carries no machine or antenna, so those start null, and the
 * offsite times only when the backend adds them; an order without a current department has no current location.
 */
export function toClientTrackedOrder(backend: TBackendTrackedOrder): TTrackedOrder {
  const currentLocation: TOrderLocation | null =
    backend.currentDepartmentId === null
      ? null
      : {
          departmentId: backend.currentDepartmentId,
          departmentName: backend.currentDepartment?.name ?? '',
          stationId: backend.currentStationId,
          stationName: backend.currentStation?.name ?? null,
          machineId: null,
          antennaNumber: null,
        };
  return {
    orderId: backend.orderId,
    orderNumber: backend.order.orderNumber,
    epcCode: backend.epcCode,
    status: clientStatusFromBackend(backend.status),
    currentLocation,
    locationHistory: backend.locationHistory,
    lastSeen: backend.lastSeenAt,
    offsiteDetectedAt: backend.offsiteDetectedAt ?? null,
    offsiteReturnedAt: backend.offsiteReturnedAt ?? null,
    isExpectedOffsite: backend.expectedOffsite,
  };
}

export type TInvalidTrackedOrder = { readonly index: number; readonly message: string };

export type TTrackedOrdersResponse =
  | { ok: true; orders: TTrackedOrder[]; invalid: TInvalidTrackedOrder[] }
  | { ok: false; reason: 'not-a-list' };

/**
 * GET /tracking/orders answers a list or an object with a data list (spec §7). One malformed order
 * does not hide the others: it is reported in `invalid` for the caller to log (spec §8).
 */
export function parseTrackedOrdersResponse(body: unknown): TTrackedOrdersResponse {
  const list = Array.isArray(body) ? body : dataList(body);
  if (list === null) return { ok: false, reason: 'not-a-list' };
  const orders: TTrackedOrder[] = [];
  const invalid: TInvalidTrackedOrder[] = [];
  list.forEach((item: unknown, index) => {
    const parsed = ZBackendTrackedOrderSchema.safeParse(item);
    if (parsed.success) orders.push(toClientTrackedOrder(parsed.data));
    else invalid.push({ index, message: z.prettifyError(parsed.error) });
  });
  return { ok: true, orders, invalid };
}

function dataList(body: unknown): unknown[] | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  return Array.isArray(body.data) ? body.data : null;
}
