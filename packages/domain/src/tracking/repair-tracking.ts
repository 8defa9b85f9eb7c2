import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { ZLocationHistoryEntrySchema } from './location-history';
import { ZTrackingStatusSchema } from './tracking-status';

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));

/** Where a tracked repair is (spec §3); stationId is kept beside the spec's fields to compare stations by id. */
export const ZRepairLocationSchema = lazySchema(() =>
  z.object({
    departmentId: z.string(),
    departmentName: z.string(),
    stationId: z.string(),
    stationName: z.string(),
    machineId: z.string().nullable(),
    antennaNumber: z.number().int().positive().nullable(),
    /** When the repair arrived here: the start of the next history entry's duration. */
    timestamp: ZTimestampSchema,
    epc: z.string(),
  }),
);
export type TRepairLocation = z.infer<typeof ZRepairLocationSchema>;

/**
 * A tracked repair (spec §3), as the API answers it. Its rules (moves, offsite, return) are the server's,
 * over the database, with the domain's planLocationMove and offsite rules (docs/decisions/004).
 */
export const ZTrackedRepairSchema = lazySchema(() =>
  z.object({
    repairId: z.string().min(1),
    repairNumber: z.string().min(1),
    epcCode: z.string().min(1),
    status: ZTrackingStatusSchema,
    currentLocation: ZRepairLocationSchema.nullable(),
    /** Newest first. */
    locationHistory: z.array(ZLocationHistoryEntrySchema),
    lastSeen: ZTimestampSchema.nullable(),
    offsiteDetectedAt: ZTimestampSchema.nullable(),
    offsiteReturnedAt: ZTimestampSchema.nullable(),
    isExpectedOffsite: z.boolean(),
  }),
);
export type TTrackedRepair = z.infer<typeof ZTrackedRepairSchema>;
