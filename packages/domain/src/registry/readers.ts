import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The reader families Loupe has adapters for (issue 6); keyboard is a station's wedge scanner; llrp is a reader
 * Loupe connects out to and configures itself over LLRP (issue 40).
 */
export const READER_KINDS = ['zebra', 'impinj', 'generic', 'keyboard', 'llrp'] as const;
export const ZReaderKindSchema = lazySchema(() => z.enum(READER_KINDS));
export type TReaderKind = z.infer<typeof ZReaderKindSchema>;

export const READER_KIND_LABELS: Readonly<Record<TReaderKind, string>> = {
  zebra: 'Zebra FX (IoT Connector)',
  impinj: 'Impinj R700 (IoT interface)',
  generic: 'Generic JSON',
  keyboard: 'Keyboard wedge',
  llrp: 'LLRP reader (Speedway, FX7500/FX9600, xArray…)',
};

export const READER_CONNECTION_STATUSES = ['online', 'offline', 'error'] as const;

/** A reader id names it in topics and URLs: letters, digits, '-' and '_'. */
export const ZReaderIdSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Reader id may use letters, digits, - and _ (at most 64)'),
);

export const ANTENNA_MIN = 1;
export const ANTENNA_MAX = 64;
export const ZAntennaNumberSchema = lazySchema(() =>
  z.coerce.number().int().min(ANTENNA_MIN).max(ANTENNA_MAX),
);
/** What a station or mapping form says when the antenna is not one of ANTENNA_MIN..ANTENNA_MAX. */
export const ANTENNA_MESSAGE = `Enter an antenna number from ${ANTENNA_MIN} to ${ANTENNA_MAX}`;

/** One antenna's mapping as the API shows it (spec §3 reader mapping, by station id rather than index). */
export const ZAntennaMappingSchema = lazySchema(() =>
  z.object({
    readerId: z.string(),
    antenna: z.number().int(),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    stationId: z.string().nullable(),
    stationName: z.string().nullable(),
    isTagAssignment: z.boolean(),
    updatedAt: z.string(),
  }),
);
export type TAntennaMapping = z.infer<typeof ZAntennaMappingSchema>;

/** PUT body: a station of a department, or a tag-assignment antenna (no station). */
export const ZAntennaMappingInputSchema = lazySchema(() =>
  z.union([
    z.object({ isTagAssignment: z.literal(true) }),
    z.object({
      isTagAssignment: z.literal(false).default(false),
      departmentId: z.string().min(1),
      stationId: z.string().min(1),
    }),
  ]),
);
export type TAntennaMappingInput = z.output<typeof ZAntennaMappingInputSchema>;

export const ZReaderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: ZReaderKindSchema,
    /** The first characters of the API key, to tell keys apart; the key itself is shown only once. */
    apiKeyPrefix: z.string(),
    status: z.enum(READER_CONNECTION_STATUSES),
    lastHeartbeat: z.string().nullable(),
    antennas: z.array(ZAntennaMappingSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TReader = z.infer<typeof ZReaderSchema>;

/** The newest tag an antenna read, kept in the database: true after a restart and across instances. */
export const ZAntennaLastReadSchema = lazySchema(() =>
  z.object({
    readerId: z.string(),
    antenna: z.number().int(),
    epc: z.string(),
    timestamp: z.string(),
  }),
);
export type TAntennaLastRead = z.infer<typeof ZAntennaLastReadSchema>;

export const ZCreateReaderInputSchema = lazySchema(() =>
  z.object({
    id: ZReaderIdSchema,
    name: z.string().trim().min(1).max(100),
    kind: ZReaderKindSchema,
  }),
);
export type TCreateReaderInput = z.output<typeof ZCreateReaderInputSchema>;

export const ZUpdateReaderInputSchema = lazySchema(() =>
  z.object({
    name: ZCreateReaderInputSchema.unwrap().shape.name.optional(),
    kind: ZReaderKindSchema.optional(),
  }),
);

/** The answer to creating a reader or rotating its key: the only time the key is readable. */
export const ZReaderWithKeySchema = lazySchema(() => z.object({ reader: ZReaderSchema, apiKey: z.string() }));
