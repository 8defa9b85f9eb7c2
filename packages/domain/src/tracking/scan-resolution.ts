import { z } from 'zod';
import { ZEpcSchema, ZNormalizedEpcSchema } from '../rfid/epc';

const ZTimestampSchema = z.iso.datetime({ offset: true });
// Readers number antenna ports from 1; 64 covers the largest readers with antenna hubs.
const ZAntennaSchema = z.number().int().min(1).max(64);

/**
 * Which department and station a reader's antenna stands for (spec §3). A tag-assignment antenna is
 * where new tags are assigned to orders and repairs, so it needs no department or station.
 */
export const ZReaderMappingSchema = z.object({
  readerId: z.string().min(1),
  antenna: ZAntennaSchema,
  departmentId: z.string().min(1).nullable().default(null),
  stationIndex: z.number().int().nonnegative().nullable().default(null),
  isTagAssignment: z.boolean().default(false),
});
export type TReaderMapping = z.output<typeof ZReaderMappingSchema>;

/** A tag read after the input boundary: normalized EPC, explicit antenna and time (spec §3). */
export const ZTagReadEventSchema = z.object({
  epc: ZNormalizedEpcSchema,
  readerId: z.string().min(1),
  readerName: z.string().nullable(),
  antenna: ZAntennaSchema,
  timestamp: ZTimestampSchema,
  rssi: z.number().nullable(),
  location: z.string().nullable(),
});
export type TTagReadEvent = z.output<typeof ZTagReadEventSchema>;

// The latest instant a JS Date can hold; beyond it toISOString would throw inside the transform.
const MAX_DATE_MS = 8_640_000_000_000_000;

// Readers send ISO strings or epoch milliseconds.
const ZReadTimeSchema = z.union([
  ZTimestampSchema,
  z
    .number()
    .int()
    .nonnegative()
    .max(MAX_DATE_MS)
    .transform((ms) => new Date(ms).toISOString()),
]);

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
export const ZScanEventSchema = z.object({
  readerId: z.string().min(1),
  antenna: ZAntennaSchema,
  epcCode: ZEpcSchema,
  timestamp: ZTimestampSchema,
});
export type TScanEvent = z.output<typeof ZScanEventSchema>;

export function toScanEvent(read: TTagReadEvent): TScanEvent {
  return { readerId: read.readerId, antenna: read.antenna, epcCode: read.epc, timestamp: read.timestamp };
}

export type TScanIgnoredReason = 'unmapped' | 'department-missing' | 'station-missing';

export type TScanResolution<D, S> =
  | {
      readonly kind: 'location';
      readonly mapping: TReaderMapping;
      readonly department: D;
      readonly station: S;
    }
  | { readonly kind: 'tag-assignment'; readonly mapping: TReaderMapping }
  | { readonly kind: 'ignored'; readonly reason: TScanIgnoredReason };

/**
 * Spec §4 "Scan handling": (reader, antenna) → department and station via the mapping. A
 * tag-assignment antenna is no location move; it is returned as such so the server can feed the
 * assign-EPC flow (ARCHITECTURE §3.3). The first mapping for a reader and antenna wins.
 */
export function resolveScan<D extends { readonly id: string; readonly stations: readonly unknown[] }>(
  scan: Pick<TScanEvent, 'readerId' | 'antenna'>,
  mappings: readonly TReaderMapping[],
  departments: readonly D[],
): TScanResolution<D, D['stations'][number]> {
  const mapping = mappings.find((m) => m.readerId === scan.readerId && m.antenna === scan.antenna);
  if (mapping === undefined) return { kind: 'ignored', reason: 'unmapped' };
  if (mapping.isTagAssignment) return { kind: 'tag-assignment', mapping };
  const department = departments.find((d) => d.id === mapping.departmentId);
  if (department === undefined) return { kind: 'ignored', reason: 'department-missing' };
  const station = mapping.stationIndex === null ? undefined : department.stations[mapping.stationIndex];
  if (station === undefined) return { kind: 'ignored', reason: 'station-missing' };
  return { kind: 'location', mapping, department, station };
}

/** Spec §4: EPC matching is exact, case-sensitive and untrimmed; normalization happened at the boundary. */
export function matchTrackedItem<T extends { readonly epcCode: string }>(
  epc: string,
  items: readonly T[],
): T | undefined {
  return items.find((item) => item.epcCode === epc);
}
