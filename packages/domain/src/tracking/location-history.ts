import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));
const MINUTE_MS = 60_000;

/** What a location move needs from a department: the registry's department fits (spec §3). */
export type TLocationDepartment = {
  readonly id: string;
  readonly name: string;
  readonly gradient: string;
  readonly machineId?: string | null;
};

/** What a location move needs from a station. */
export type TLocationStation = { readonly id: string; readonly name: string };

/**
 * One location-history entry of an order or repair (spec §3 "Tracked repair"), kept newest first.
 * It records an arrival: where the item went (`currentDepartment`, `currentStation`) and when, and
 * `duration` = the whole minutes it had spent at the location it left.
 */
export const ZLocationHistoryEntrySchema = lazySchema(() =>
  z.object({
    location: z.string(),
    department: z.string(),
    timestamp: ZTimestampSchema,
    duration: z.number().int().nonnegative(),
    currentDepartment: z.object({ id: z.string(), name: z.string(), gradient: z.string() }),
    currentStation: z.object({ id: z.string(), name: z.string() }),
    lastScanned: ZTimestampSchema.optional(),
    rfidTag: z.string().optional(),
  }),
);
export type TLocationHistoryEntry = z.infer<typeof ZLocationHistoryEntrySchema>;

/**
 * A job's past locations, newest first, whether or not it still carries a tag: the history belongs to
 * the job, so a delivered or re-tagged piece can still answer "where was it on Tuesday?".
 */
export const ZJobLocationHistorySchema = lazySchema(() =>
  z.object({
    isTracked: z.boolean(),
    locationHistory: z.array(ZLocationHistoryEntrySchema),
  }),
);
export type TJobLocationHistory = z.infer<typeof ZJobLocationHistorySchema>;

/** The location text of spec §3: 'department - station'. */
export function locationLabel(departmentName: string, stationName: string): string {
  return `${departmentName} - ${stationName}`;
}

/** Whole minutes from `from` to `to`, rounded down, never negative (clock skew, out-of-order reads). */
export function durationMinutes(from: Date, to: Date): number {
  const minutes = Math.floor((to.getTime() - from.getTime()) / MINUTE_MS);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 0;
}

export type TLocationHistoryEntryInput = {
  readonly department: TLocationDepartment;
  readonly station: TLocationStation;
  /** When the item arrived at the new location. */
  readonly at: Date;
  /** When it arrived at the location it is leaving; null when it had none (duration 0). */
  readonly since: Date | null;
  readonly epc?: string;
};

/** Builds the entry put at the front of the history when an order or repair moves (spec §4). */
export function makeLocationHistoryEntry(input: TLocationHistoryEntryInput): TLocationHistoryEntry {
  const { department, station, at, since, epc } = input;
  const timestamp = at.toISOString();
  return {
    location: locationLabel(department.name, station.name),
    department: department.name,
    timestamp,
    duration: since === null ? 0 : durationMinutes(since, at),
    currentDepartment: { id: department.id, name: department.name, gradient: department.gradient },
    currentStation: { id: station.id, name: station.name },
    lastScanned: timestamp,
    ...(epc === undefined ? {} : { rfidTag: epc }),
  };
}
