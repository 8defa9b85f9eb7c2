import { z } from 'zod';
import {
  makeLocationHistoryEntry,
  type TLocationDepartment,
  type TLocationStation,
  ZLocationHistoryEntrySchema,
} from './location-history';
import { isOffsiteDue, type TOffsiteThresholds } from './offsite';
import { ZTrackingStatusSchema } from './tracking-status';

const ZTimestampSchema = z.iso.datetime({ offset: true });

/** Where a tracked repair is (spec §3); stationId is kept beside the spec's fields to compare stations by id. */
export const ZRepairLocationSchema = z.object({
  departmentId: z.string(),
  departmentName: z.string(),
  stationId: z.string(),
  stationName: z.string(),
  machineId: z.string().nullable(),
  antennaNumber: z.number().int().positive().nullable(),
  /** When the repair arrived here: the start of the next history entry's duration. */
  timestamp: ZTimestampSchema,
  epc: z.string(),
});
export type TRepairLocation = z.infer<typeof ZRepairLocationSchema>;

/** A tracked repair (spec §3). */
export const ZTrackedRepairSchema = z.object({
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
});
export type TTrackedRepair = z.infer<typeof ZTrackedRepairSchema>;

/** The repairs being tracked and the EPC → repair mapping; the two are always updated together. */
export type TRepairTrackingState = {
  readonly repairs: ReadonlyMap<string, TTrackedRepair>;
  readonly repairIdByEpc: ReadonlyMap<string, string>;
};

/** Spec §4 "Repair tracking" events. */
export const REPAIR_TRACKING_EVENT_TYPES = [
  'tracking-started',
  'tracking-stopped',
  'offsite-detected',
  'offsite-returned',
  'repair-moved',
  'location-updated',
] as const;
export type TRepairTrackingEventType = (typeof REPAIR_TRACKING_EVENT_TYPES)[number];

export type TRepairTrackingEvent =
  | { readonly type: 'tracking-started'; readonly repair: TTrackedRepair }
  | {
      readonly type: 'tracking-stopped';
      readonly repair: TTrackedRepair;
      /** 'epc-reassigned': its EPC was assigned to another repair (spec §4). */
      readonly reason: 'stopped' | 'epc-reassigned';
    }
  | { readonly type: 'offsite-detected'; readonly repair: TTrackedRepair }
  | { readonly type: 'offsite-returned'; readonly repair: TTrackedRepair }
  | {
      readonly type: 'repair-moved';
      readonly repair: TTrackedRepair;
      readonly from: TRepairLocation | null;
      readonly to: TRepairLocation;
    }
  /** A scan at the repair's current station: only lastSeen changed. */
  | { readonly type: 'location-updated'; readonly repair: TTrackedRepair };

export type TRepairTransition = {
  readonly state: TRepairTrackingState;
  readonly events: TRepairTrackingEvent[];
};

export function emptyRepairTrackingState(): TRepairTrackingState {
  return { repairs: new Map(), repairIdByEpc: new Map() };
}

/** Rebuilds the state from stored repairs; a later repair with an EPC already seen takes it over (spec §4). */
export function repairTrackingStateFromList(repairs: readonly TTrackedRepair[]): TRepairTrackingState {
  return repairs.reduce((state, repair) => {
    const holderId = state.repairIdByEpc.get(repair.epcCode);
    const cleared = holderId === undefined ? state : withoutRepair(state, holderId);
    return withRepair(withoutRepair(cleared, repair.repairId), repair);
  }, emptyRepairTrackingState());
}

export function listTrackedRepairs(state: TRepairTrackingState): TTrackedRepair[] {
  return [...state.repairs.values()];
}

/** Exact EPC match (spec §4 "Scan handling"): case-sensitive and untrimmed. */
export function findRepairByEpc(state: TRepairTrackingState, epc: string): TTrackedRepair | undefined {
  const repairId = state.repairIdByEpc.get(epc);
  return repairId === undefined ? undefined : state.repairs.get(repairId);
}

export type TStartRepairTrackingInput = {
  readonly repairId: string;
  readonly repairNumber: string;
  readonly epcCode: string;
  readonly isExpectedOffsite?: boolean;
};

/**
 * Spec §4: starting tracking sets active. An EPC already on another repair first stops that repair's
 * tracking. Restarting a tracked repair begins a fresh record (and frees its old EPC) without a stop
 * event, since the repair stays tracked. No lastSeen until its first scan, so no offsite before it.
 */
export function startTracking(
  state: TRepairTrackingState,
  input: TStartRepairTrackingInput,
): TRepairTransition {
  const events: TRepairTrackingEvent[] = [];
  let next = state;
  const holder = findRepairByEpc(state, input.epcCode);
  if (holder !== undefined && holder.repairId !== input.repairId) {
    next = withoutRepair(next, holder.repairId);
    events.push({ type: 'tracking-stopped', repair: holder, reason: 'epc-reassigned' });
  }
  const repair: TTrackedRepair = {
    repairId: input.repairId,
    repairNumber: input.repairNumber,
    epcCode: input.epcCode,
    status: 'active',
    currentLocation: null,
    locationHistory: [],
    lastSeen: null,
    offsiteDetectedAt: null,
    offsiteReturnedAt: null,
    isExpectedOffsite: input.isExpectedOffsite ?? false,
  };
  next = withRepair(withoutRepair(next, input.repairId), repair);
  events.push({ type: 'tracking-started', repair });
  return { state: next, events };
}

/** Spec §4: stopping removes the repair and its EPC mapping. An untracked repair: nothing happens. */
export function stopTracking(state: TRepairTrackingState, repairId: string): TRepairTransition {
  const repair = state.repairs.get(repairId);
  if (repair === undefined) return { state, events: [] };
  return {
    state: withoutRepair(state, repairId),
    events: [{ type: 'tracking-stopped', repair, reason: 'stopped' }],
  };
}

/** Spec §4: active → offsite, stamping the time. Already offsite (or returned, or untracked): unchanged. */
export function markOffsite(state: TRepairTrackingState, repairId: string, now: Date): TRepairTransition {
  const repair = state.repairs.get(repairId);
  if (repair === undefined || repair.status !== 'active') return { state, events: [] };
  const offsite: TTrackedRepair = { ...repair, status: 'offsite', offsiteDetectedAt: now.toISOString() };
  return { state: withRepair(state, offsite), events: [{ type: 'offsite-detected', repair: offsite }] };
}

export type TMarkReturnedFailure = 'repair-not-tracked' | 'repair-not-offsite';

export type TMarkReturnedResult =
  | ({ readonly ok: true } & TRepairTransition)
  | { readonly ok: false; readonly reason: TMarkReturnedFailure };

/** Spec §4: offsite → returned on return handling, allowed only from offsite; stamps the return time. */
export function markReturned(state: TRepairTrackingState, repairId: string, now: Date): TMarkReturnedResult {
  const repair = state.repairs.get(repairId);
  if (repair === undefined) return { ok: false, reason: 'repair-not-tracked' };
  if (repair.status !== 'offsite') return { ok: false, reason: 'repair-not-offsite' };
  const returned: TTrackedRepair = { ...repair, status: 'returned', offsiteReturnedAt: now.toISOString() };
  return {
    ok: true,
    state: withRepair(state, returned),
    events: [{ type: 'offsite-returned', repair: returned }],
  };
}

/** A read already resolved to a department and station (see scan-resolution), with an EPC normalized upstream. */
export type TRepairScan = {
  readonly epcCode: string;
  readonly timestamp: Date;
  readonly antenna: number;
  readonly department: TLocationDepartment;
  readonly station: TLocationStation;
};

/**
 * Spec §4 "Repair scan": unknown EPC → ignored; same department and station → only lastSeen;
 * otherwise the current location is replaced and a history entry goes to the front, its duration the
 * whole minutes spent at the previous location. Status is left alone: returning an offsite repair on
 * a read is the caller's `markReturned` (ARCHITECTURE §3.4).
 */
export function applyScan(state: TRepairTrackingState, scan: TRepairScan): TRepairTransition {
  const repair = findRepairByEpc(state, scan.epcCode);
  if (repair === undefined) return { state, events: [] };
  const seenAt = scan.timestamp.toISOString();
  const from = repair.currentLocation;
  if (from !== null && from.departmentId === scan.department.id && from.stationId === scan.station.id) {
    const seen: TTrackedRepair = { ...repair, lastSeen: seenAt };
    return { state: withRepair(state, seen), events: [{ type: 'location-updated', repair: seen }] };
  }
  const to: TRepairLocation = {
    departmentId: scan.department.id,
    departmentName: scan.department.name,
    stationId: scan.station.id,
    stationName: scan.station.name,
    machineId: scan.department.machineId ?? null,
    antennaNumber: scan.antenna,
    timestamp: seenAt,
    epc: scan.epcCode,
  };
  const entry = makeLocationHistoryEntry({
    department: scan.department,
    station: scan.station,
    at: scan.timestamp,
    since: from === null ? null : new Date(from.timestamp),
    epc: scan.epcCode,
  });
  const moved: TTrackedRepair = {
    ...repair,
    currentLocation: to,
    locationHistory: [entry, ...repair.locationHistory],
    lastSeen: seenAt,
  };
  return { state: withRepair(state, moved), events: [{ type: 'repair-moved', repair: moved, from, to }] };
}

/** One offsite sweep over the tracked repairs (spec §4, same rule as orders). */
export function detectRepairsOffsite(
  state: TRepairTrackingState,
  settings: TOffsiteThresholds,
  now: Date,
): TRepairTransition {
  const events: TRepairTrackingEvent[] = [];
  let next = state;
  for (const repair of state.repairs.values()) {
    if (!isOffsiteDue(repair, settings, now)) continue;
    const marked = markOffsite(next, repair.repairId, now);
    next = marked.state;
    events.push(...marked.events);
  }
  return { state: next, events };
}

function withRepair(state: TRepairTrackingState, repair: TTrackedRepair): TRepairTrackingState {
  const repairs = new Map(state.repairs).set(repair.repairId, repair);
  const repairIdByEpc = new Map(state.repairIdByEpc).set(repair.epcCode, repair.repairId);
  return { repairs, repairIdByEpc };
}

function withoutRepair(state: TRepairTrackingState, repairId: string): TRepairTrackingState {
  const repair = state.repairs.get(repairId);
  if (repair === undefined) return state;
  const repairs = new Map(state.repairs);
  repairs.delete(repairId);
  const repairIdByEpc = new Map(state.repairIdByEpc);
  if (repairIdByEpc.get(repair.epcCode) === repairId) repairIdByEpc.delete(repair.epcCode);
  return { repairs, repairIdByEpc };
}
