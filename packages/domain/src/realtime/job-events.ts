import { z } from 'zod';
import { ZNormalizedEpcSchema } from '../rfid/epc';
import { ZIdSchema, ZTimestampSchema } from './event-fields';

// The realtime payloads of an order's and a repair's changes, moves and tags (spec §7); events.ts maps each
// event name to its schema and re-exports these.

export const ZOrderChangedPayloadSchema = z.object({
  orderId: ZIdSchema,
  orderNumber: z.string(),
  status: z.string(),
  timestamp: ZTimestampSchema,
});

export const ZOrderStatusChangedPayloadSchema = ZOrderChangedPayloadSchema.extend({
  previousStatus: z.string().nullable(),
});

export const ZOrderMovedPayloadSchema = z.object({
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
});

export const ZOrderTrackingStartedPayloadSchema = z.object({
  orderId: ZIdSchema,
  orderNumber: z.string(),
  epc: ZNormalizedEpcSchema,
  timestamp: ZTimestampSchema,
});

/** A tag came off an order (by hand, or moved to another job); `epc` is the tag it carried. */
export const ZOrderTrackingStoppedPayloadSchema = ZOrderTrackingStartedPayloadSchema;

export const ZRepairTrackingPayloadSchema = z.object({
  repairId: ZIdSchema,
  repairNumber: z.string(),
  epc: ZNormalizedEpcSchema,
  timestamp: ZTimestampSchema,
});

export const ZRepairMovedPayloadSchema = ZOrderMovedPayloadSchema.omit({
  orderId: true,
  orderNumber: true,
}).extend({ repairId: ZIdSchema, repairNumber: z.string() });

export const ZRepairChangedPayloadSchema = z.object({
  repairId: ZIdSchema,
  repairNumber: z.string(),
  status: z.string(),
  timestamp: ZTimestampSchema,
});

export const ZRepairStatusChangedPayloadSchema = ZRepairChangedPayloadSchema.extend({
  previousStatus: z.string().nullable(),
});
