import { z } from 'zod';
import { ZEpcSchema, ZNormalizedEpcSchema } from '../rfid/epc';
import { isStorableReadTime, LATEST_READ_TIME_MS, READ_TIME_RANGE_MESSAGE } from '../rfid/read-time';
import { lazySchema } from '../validation/lazy-schema';

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));
// Readers number antenna ports from 1; 64 covers the largest readers with antenna hubs.
const ZAntennaSchema = lazySchema(() => z.number().int().min(1).max(64));

/** A tag read after the input boundary: normalized EPC, explicit antenna and time (spec §3). */
export const ZTagReadEventSchema = lazySchema(() =>
  z.object({
    epc: ZNormalizedEpcSchema,
    readerId: z.string().min(1),
    readerName: z.string().nullable(),
    antenna: ZAntennaSchema,
    timestamp: ZTimestampSchema,
    rssi: z.number().nullable(),
    location: z.string().nullable(),
  }),
);
export type TTagReadEvent = z.output<typeof ZTagReadEventSchema>;

// Readers send ISO strings or epoch milliseconds, within what a database can store (read-time.ts).
const ZReadTimeSchema = lazySchema(() =>
  z.union([
    ZTimestampSchema.refine((text) => isStorableReadTime(Date.parse(text)), READ_TIME_RANGE_MESSAGE),
    z
      .number()
      .int()
      .nonnegative()
      .max(LATEST_READ_TIME_MS, READ_TIME_RANGE_MESSAGE)
      .transform((ms) => new Date(ms).toISOString()),
  ]),
);

/**
 * The tag read as it arrives (spec §3): `epc` or `epcCode`, antenna defaulting to 1 and timestamp
 * to now. The default needs a clock, hence a factory. The EPC is normalized here, once.
 */
export function makeTagReadEventSchema(now: () => Date) {
  return z
    .object({
      epc: ZEpcSchema.optional(),
      epcCode: ZEpcSchema.optional(),
      readerId: z.string().min(1),
      readerName: z.string().nullish(),
      antenna: ZAntennaSchema.default(1),
      timestamp: ZReadTimeSchema.optional(),
      rssi: z.number().nullish(),
      location: z.string().nullish(),
    })
    .transform((raw, ctx): TTagReadEvent => {
      const epc = raw.epc ?? raw.epcCode;
      if (epc === undefined) {
        ctx.addIssue({ code: 'custom', message: 'epc or epcCode is required', path: ['epc'] });
        return z.NEVER;
      }
      return {
        epc,
        readerId: raw.readerId,
        readerName: raw.readerName ?? null,
        antenna: raw.antenna,
        timestamp: raw.timestamp ?? now().toISOString(),
        rssi: raw.rssi ?? null,
        location: raw.location ?? null,
      };
    });
}

/** The simplified scan event of spec §3. */
export const ZScanEventSchema = lazySchema(() =>
  z.object({
    readerId: z.string().min(1),
    antenna: ZAntennaSchema,
    epcCode: ZEpcSchema,
    timestamp: ZTimestampSchema,
  }),
);
export type TScanEvent = z.output<typeof ZScanEventSchema>;

export function toScanEvent(read: TTagReadEvent): TScanEvent {
  return { readerId: read.readerId, antenna: read.antenna, epcCode: read.epc, timestamp: read.timestamp };
}

/**
 * Which department and station a reader's antenna stands for (spec §3), by station id as the registry keeps
 * it. A tag-assignment antenna is where new tags are assigned to orders and repairs: it has no station.
 */
export type TScanMapping = {
  readonly readerId: string;
  readonly antenna: number;
  readonly departmentId: string | null;
  readonly stationId: string | null;
  readonly isTagAssignment: boolean;
};

/** A department's station: where a read places its tag. */
export type TScanPlace = { readonly departmentId: string; readonly stationId: string };

/**
 * Where a read comes from: a reader's antenna, or a station page's keyboard-wedge scanner, which names its
 * station itself (docs/architecture.md: both go through one pipeline).
 */
export type TScanSource = {
  readonly readerId: string;
  readonly antenna: number;
  /** Set for a keyboard-wedge scan at a station page: the scan is at this station, whatever the mappings. */
  readonly station?: TScanPlace | undefined;
};

export type TScanResolution =
  | ({ readonly kind: 'location' } & TScanPlace)
  | { readonly kind: 'tag-assignment' }
  | { readonly kind: 'unmapped' };

/** The key of a reader's antenna in a map of mappings. */
export const antennaKey = (readerId: string, antenna: number) => `${readerId}/${antenna}`;

/**
 * The reader id under which a station page's keyboard-wedge scans are recorded and announced. A reader id
 * cannot hold ':' (registry/readers ZReaderIdSchema), so it never names a real reader.
 */
export const stationScannerId = (stationId: string) => `station:${stationId}`;

/** Mappings keyed by reader and antenna; the first one for a reader and antenna wins. */
export function indexScanMappings<M extends TScanMapping>(mappings: readonly M[]): Map<string, M> {
  const index = new Map<string, M>();
  for (const mapping of mappings) {
    const key = antennaKey(mapping.readerId, mapping.antenna);
    if (!index.has(key)) index.set(key, mapping);
  }
  return index;
}

/**
 * Spec §4 "Scan handling": (reader, antenna) → department and station via the mapping. No mapping →
 * unmapped; a tag-assignment antenna → no move (the server feeds the assign-EPC flow, docs/architecture.md);
 * a mapping that lost its department or station (deleted) → unmapped too. A station page's scan is at its
 * station.
 */
export function resolveScan(scan: TScanSource, mappings: ReadonlyMap<string, TScanMapping>): TScanResolution {
  if (scan.station !== undefined) return { kind: 'location', ...scan.station };
  const mapping = mappings.get(antennaKey(scan.readerId, scan.antenna));
  if (mapping === undefined) return { kind: 'unmapped' };
  if (mapping.isTagAssignment) return { kind: 'tag-assignment' };
  if (mapping.departmentId === null || mapping.stationId === null) return { kind: 'unmapped' };
  return { kind: 'location', departmentId: mapping.departmentId, stationId: mapping.stationId };
}

/** Spec §4: EPC matching is exact, case-sensitive and untrimmed; normalization happened at the boundary. */
export function matchTrackedItem<T extends { readonly epcCode: string }>(
  epc: string,
  items: readonly T[],
): T | undefined {
  return items.find((item) => item.epcCode === epc);
}
