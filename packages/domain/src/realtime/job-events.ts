import { z } from 'zod';
import { ZNormalizedEpcSchema } from '../rfid/epc';
import { lazySchema } from '../validation/lazy-schema';
import { ZIdSchema, ZTimestampSchema } from './event-fields';

// The realtime payloads of an order's and a repair's changes, moves and tags (spec §7); events.ts maps each
// event name to its schema and re-exports these.

export const ZOrderChangedPayloadSchema = lazySchema(() =>
  z.object({
    orderId: ZIdSchema,
    orderNumber: z.string(),
    status: z.string(),
    timestamp: ZTimestampSchema,
  }),
);

export const ZOrderStatusChangedPayloadSchema = lazySchema(() =>
  ZOrderChangedPayloadSchema.unwrap().extend({
    previousStatus: z.string().nullable(),
  }),
);

export const ZOrderMovedPayloadSchema = lazySchema(() =>
  z.object({
    orderId: ZIdSchema,
    orderNumber: z.string(),
    epc: ZNormalizedEpcSchema,
    fromDepartmentId: ZIdSchema.nullable(),
    fromStationId: ZIdSchema.nullable(),
    departmentId: ZIdSchema,
    departmentName: z.string(),
    stationId: ZIdSchema,
    stationName: z.string(),
    timestamp: ZTimestampSchema,
  }),
);

export const ZOrderTrackingStartedPayloadSchema = lazySchema(() =>
  z.object({
    orderId: ZIdSchema,
    orderNumber: z.string(),
    epc: ZNormalizedEpcSchema,
    timestamp: ZTimestampSchema,
  }),
);

/** A tag came off an order (by hand, or moved to another job); `epc` is the tag it carried. */
export const ZOrderTrackingStoppedPayloadSchema = ZOrderTrackingStartedPayloadSchema;

export const ZRepairTrackingPayloadSchema = lazySchema(() =>
  z.object({
    repairId: ZIdSchema,
    repairNumber: z.string(),
    epc: ZNormalizedEpcSchema,
    timestamp: ZTimestampSchema,
  }),
);

export const ZRepairMovedPayloadSchema = lazySchema(() =>
  ZOrderMovedPayloadSchema.unwrap()
    .omit({
      orderId: true,
      orderNumber: true,
    })
    .extend({ repairId: ZIdSchema, repairNumber: z.string() }),
);

export const ZRepairChangedPayloadSchema = lazySchema(() =>
  z.object({
    repairId: ZIdSchema,
    repairNumber: z.string(),
    status: z.string(),
    timestamp: ZTimestampSchema,
  }),
);

export const ZRepairStatusChangedPayloadSchema = lazySchema(() =>
  ZRepairChangedPayloadSchema.unwrap().extend({
    previousStatus: z.string().nullable(),
  }),
);
