import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { REFRESH_DATA_TYPES } from './events';

// What the server answers a client's realtime request with (Socket.IO acknowledgements).

const ZCountSchema = lazySchema(() => z.number().int().nonnegative());

/** What the RFID pipeline made of one payload (the server's TIngestSummary, apps/server/src/rfid/pipeline.ts). */
export const ZTestScanSummarySchema = lazySchema(() =>
  z.object({
    accepted: ZCountSchema,
    /** Reads within the dedupe window: they only refresh when the tag was last seen. */
    repeats: ZCountSchema,
    rejected: z.array(z.object({ index: ZCountSchema, message: z.string() })),
    ignored: ZCountSchema,
    heartbeats: ZCountSchema,
  }),
);
export type TTestScanSummary = z.infer<typeof ZTestScanSummarySchema>;

/** The acknowledgement of `rfid:test-scan`: the pipeline's summary, or why the read was refused. */
export const ZTestScanAnswerSchema = lazySchema(() =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), result: ZTestScanSummarySchema }),
    z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
  ]),
);
export type TTestScanAnswer = z.infer<typeof ZTestScanAnswerSchema>;

/** The acknowledgement of `request:refresh`: the data asked for, in the HTTP API's shape, or an error code. */
export const ZRefreshAnswerSchema = lazySchema(() =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), dataType: z.enum(REFRESH_DATA_TYPES), data: z.unknown() }),
    z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
  ]),
);
export type TRefreshAnswer = z.infer<typeof ZRefreshAnswerSchema>;
