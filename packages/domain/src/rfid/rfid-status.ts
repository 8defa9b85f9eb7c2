import { z } from 'zod';

const ZCountSchema = z.number().int().nonnegative();

/** Fresh reads of one reader antenna that placed nothing, counted across the cluster (issue 21 §5). */
export const ZUnresolvedReadsSchema = z.object({
  readerId: z.string(),
  antenna: z.number().int(),
  reads: ZCountSchema,
  lastEpc: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type TUnresolvedReads = z.infer<typeof ZUnresolvedReadsSchema>;

/** A reader the MQTT broker refused, with the newest reason (issue 21 §5). */
export const ZReaderRejectionSchema = z.object({
  readerId: z.string(),
  reason: z.string(),
  topic: z.string().nullable(),
  count: ZCountSchema,
  firstAt: z.string(),
  lastAt: z.string(),
});
export type TReaderRejection = z.infer<typeof ZReaderRejectionSchema>;

/**
 * GET /rfid/status. The counters are this instance's since it started (how its pipeline is doing); the
 * unplaceable reads — of antennas mapped nowhere, of tags nobody carries — are the whole cluster's, kept
 * in the database with when they started and when they last happened.
 */
export const ZRfidStatusSchema = z.object({
  received: ZCountSchema,
  fresh: ZCountSchema,
  repeats: ZCountSchema,
  rejected: ZCountSchema,
  ignored: ZCountSchema,
  moved: ZCountSchema,
  tagAssignment: ZCountSchema,
  batches: ZCountSchema,
  /** Every fresh read of a tag no order or repair carries, cluster-wide. */
  unknownTag: ZCountSchema,
  unmapped: z.array(ZUnresolvedReadsSchema),
  unknownTags: z.array(ZUnresolvedReadsSchema),
  /** Readers the MQTT broker refused, newest first. */
  rejections: z.array(ZReaderRejectionSchema),
});
export type TRfidStatus = z.infer<typeof ZRfidStatusSchema>;
