import { z } from 'zod';
import { INT32_MAX, INT32_MIN } from '../api/integers';
import { ZStationRoleSchema } from '../transfers/transfers';
import { lazySchema } from '../validation/lazy-schema';

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));
const STATION_ID_DIGITS = 6;
const STATION_ID_SPACE = 10 ** STATION_ID_DIGITS;

/** Spec §4 "Registry events" for stations. */
export const STATION_REGISTRY_EVENTS = ['station:added', 'station:updated', 'station:deleted'] as const;
export type TStationRegistryEvent = (typeof STATION_REGISTRY_EVENTS)[number];

/** Spec §3: STATION plus the last six digits of the time it was made. */
export const ZStationIdSchema = lazySchema(() =>
  z.string().regex(/^STATION\d{6}$/, 'Station id must be STATION plus six digits'),
);

/** A station of a department (spec §3). */
export const ZStationSchema = lazySchema(() =>
  z.object({
    id: ZStationIdSchema,
    name: z.string().trim().min(1).max(100),
    lastSeen: ZTimestampSchema.nullable().default(null),
    antennaNumber: z.number().int().min(1).max(64).default(1),
    isActive: z.boolean().default(true),
    // Rounded into an integer column by the server: bounded to what one holds.
    signalStrength: z.number().min(INT32_MIN).max(INT32_MAX).nullable().default(null),
    jewelerName: z.string().max(100).nullable().default(null),
    specialization: z.string().max(100).nullable().default(null),
    status: z.string().max(50).nullable().default(null),
    itemCount: z.number().int().nonnegative().default(0),
    /** Its part in transfers (issue 39): ordinary work, where bags are packed, or where they are opened. */
    role: ZStationRoleSchema.default('work'),
  }),
);
export type TStationInput = z.input<typeof ZStationSchema>;
export type TStation = z.output<typeof ZStationSchema>;

/** What a client sends to add a station; the id is made by `newStationId`. */
export const ZCreateStationInputSchema = lazySchema(() => ZStationSchema.unwrap().omit({ id: true }));
/** Parsed with `ZCreateStationInputSchema`, so the spec §3 defaults (antenna 1, active) are in place. */
export type TCreateStationInput = z.output<typeof ZCreateStationInputSchema>;

/**
 * Spec §3: STATION + the last six digits of now's epoch milliseconds. Two stations made within the
 * same millisecond (or 1000 s apart) would collide, so an id already taken is bumped until free.
 */
export function newStationId(now: Date, existingIds: Iterable<string>): string {
  const taken = new Set(existingIds);
  const start = ((now.getTime() % STATION_ID_SPACE) + STATION_ID_SPACE) % STATION_ID_SPACE;
  for (let step = 0; step < STATION_ID_SPACE; step += 1) {
    const id = `STATION${String((start + step) % STATION_ID_SPACE).padStart(STATION_ID_DIGITS, '0')}`;
    if (!taken.has(id)) return id;
  }
  throw new Error('Every station id is taken');
}

export function createStation(
  input: TCreateStationInput,
  now: Date,
  existingIds: Iterable<string>,
): TStation {
  return { id: newStationId(now, existingIds), ...input };
}

/** Spec §5: station lookups by name are case-insensitive. */
export function findStationByName<S extends { readonly name: string }>(
  stations: readonly S[],
  name: string,
): S | undefined {
  const wanted = name.toLowerCase();
  return stations.find((station) => station.name.toLowerCase() === wanted);
}

// The fields as that schema declares them, read when a schema below is built.
const shape = () => ZStationSchema.unwrap().shape;

/**
 * PATCH body of a station: the editable fields; itemCount is derived from the items standing there. The
 * spec §3 defaults are unwrapped: `.partial()` alone would fill every field left out with its default, so
 * renaming a station would also reset its antenna to 1.
 */
export const ZUpdateStationInputSchema = lazySchema(() =>
  z.object({
    name: shape().name.optional(),
    antennaNumber: shape().antennaNumber.unwrap().optional(),
    isActive: shape().isActive.unwrap().optional(),
    signalStrength: shape().signalStrength.unwrap().optional(),
    jewelerName: shape().jewelerName.unwrap().optional(),
    specialization: shape().specialization.unwrap().optional(),
    status: shape().status.unwrap().optional(),
    role: shape().role.unwrap().optional(),
    position: z.number().int().nonnegative().max(INT32_MAX).optional(),
  }),
);
export type TUpdateStationInput = z.output<typeof ZUpdateStationInputSchema>;

/** A station as the flat /stations API shows it: with the department it belongs to. */
export const ZStationWithDepartmentSchema = lazySchema(() =>
  ZStationSchema.unwrap().extend({
    departmentId: z.string(),
    departmentName: z.string(),
  }),
);
export type TStationWithDepartment = z.output<typeof ZStationWithDepartmentSchema>;
