import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

const ZCountSchema = lazySchema(() => z.number().int().nonnegative());

/** Fresh reads of one reader antenna that placed nothing, counted across the cluster (issue 21 §5). */
export const ZUnresolvedReadsSchema = lazySchema(() =>
  z.object({
    readerId: z.string(),
    antenna: z.number().int(),
    reads: ZCountSchema,
    lastEpc: z.string(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
  }),
);
export type TUnresolvedReads = z.infer<typeof ZUnresolvedReadsSchema>;

/** A reader the MQTT broker refused, with the newest reason (issue 21 §5). */
export const ZReaderRejectionSchema = lazySchema(() =>
  z.object({
    readerId: z.string(),
    reason: z.string(),
    topic: z.string().nullable(),
    count: ZCountSchema,
    firstAt: z.string(),
    lastAt: z.string(),
  }),
);
export type TReaderRejection = z.infer<typeof ZReaderRejectionSchema>;

/**
 * An acknowledged read the applier passed over (decision 025): its journal row failed on its own three
 * times, so the reads after it went on. It stays listed, with the database's refusal, until an admin
 * replays it (POST /rfid/passed-over/replay).
 */
export const ZPassedOverReadSchema = lazySchema(() =>
  z.object({
    seq: z.number().int(),
    kind: z.enum(['read', 'repeat']),
    epc: z.string(),
    readerId: z.string(),
    antenna: z.number().int(),
    readAt: z.string(),
    error: z.string(),
    attempts: z.number().int(),
    passedOverAt: z.string(),
  }),
);
export type TPassedOverRead = z.infer<typeof ZPassedOverReadSchema>;

/** Most passed-over reads GET /rfid/status lists (oldest first); `total` counts them all. */
export const PASSED_OVER_LISTED = 20;

/** Most passed-over reads one replay applies, oldest first; another replay takes the next ones. */
export const PASSED_OVER_REPLAY_LIMIT = 500;

/** POST /rfid/passed-over/replay: applied now, refused again (still listed), and how many remain listed. */
export const ZReplaySummarySchema = lazySchema(() =>
  z.object({
    replayed: ZCountSchema,
    refused: ZCountSchema,
    remaining: ZCountSchema,
  }),
);
export type TReplaySummary = z.infer<typeof ZReplaySummarySchema>;

/**
 * GET /rfid/status. The counters are this instance's since it started (how its pipeline is doing); the
 * unplaceable reads — of antennas mapped nowhere, of tags nobody carries — are the whole cluster's, kept
 * in the database with when they started and when they last happened.
 */
export const ZRfidStatusSchema = lazySchema(() =>
  z.object({
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
    /** Acknowledged reads passed over and not replayed: the oldest PASSED_OVER_LISTED, and how many in all. */
    passedOver: z.object({ total: ZCountSchema, rows: z.array(ZPassedOverReadSchema) }),
  }),
);
export type TRfidStatus = z.infer<typeof ZRfidStatusSchema>;
