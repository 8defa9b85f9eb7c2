import { z } from 'zod';
import { INT32_MAX } from '../api/integers';
import { lazySchema } from '../validation/lazy-schema';
import { type TStation, ZStationSchema } from './stations';

const ZTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));

/** Spec §4 "Registry events" for departments. */
export const DEPARTMENT_REGISTRY_EVENTS = [
  'department:added',
  'department:updated',
  'department:deleted',
  'department:data-reset',
] as const;
export type TDepartmentRegistryEvent = (typeof DEPARTMENT_REGISTRY_EVENTS)[number];

/** Spec §3 department icons. */
export const DEPARTMENT_ICONS = ['Hammer', 'Gem', 'Settings', 'Sparkles'] as const;
export const ZDepartmentIconSchema = lazySchema(() => z.enum(DEPARTMENT_ICONS));
export type TDepartmentIcon = z.infer<typeof ZDepartmentIconSchema>;

/** Spec §3 / §9 default location. */
export const DEFAULT_LOCATION_ID = 'LOC001';
/** The spec gives no default gradient; a neutral Tailwind gradient for the department card. */
export const DEFAULT_DEPARTMENT_GRADIENT = 'from-slate-500 to-slate-700';

export const DEPARTMENT_CONNECTION_STATUSES = ['connected', 'disconnected'] as const;

/** Spec §3: DEPT plus a three-digit sequence; past 999 the sequence simply grows. */
export const ZDepartmentIdSchema = lazySchema(() =>
  z.string().regex(/^DEPT\d{3,}$/, 'Department id must be DEPT plus a sequence number'),
);

/** A department (spec §3). `totalItems` is derived: every operation here recomputes it from the stations. */
export const ZDepartmentSchema = lazySchema(() =>
  z.object({
    id: ZDepartmentIdSchema,
    name: z.string().trim().min(1).max(100),
    description: z.string().max(1000).default(''),
    gradient: z.string().min(1).max(200).default(DEFAULT_DEPARTMENT_GRADIENT),
    iconName: ZDepartmentIconSchema.default('Hammer'),
    stations: z.array(ZStationSchema).default([]),
    totalItems: z.number().int().nonnegative().default(0),
    locationId: z.string().min(1).default(DEFAULT_LOCATION_ID),
    mqttTopic: z.string().max(200).nullable().default(null),
    machineId: z.string().max(100).nullable().default(null),
    connectionStatus: z.enum(DEPARTMENT_CONNECTION_STATUSES).default('disconnected'),
    lastHeartbeat: ZTimestampSchema.nullable().default(null),
  }),
);
export type TDepartmentInput = z.input<typeof ZDepartmentSchema>;
export type TDepartment = z.output<typeof ZDepartmentSchema>;

/** What a client sends to create a department; omitted icon and gradient are filled by `createDepartment`. */
export const ZCreateDepartmentInputSchema = lazySchema(() =>
  z.object({
    name: ZDepartmentSchema.unwrap().shape.name,
    description: z.string().max(1000).optional(),
    gradient: z.string().min(1).max(200).optional(),
    iconName: ZDepartmentIconSchema.optional(),
    locationId: z.string().min(1).optional(),
    mqttTopic: z.string().max(200).nullish(),
    machineId: z.string().max(100).nullish(),
  }),
);
export type TCreateDepartmentInput = z.output<typeof ZCreateDepartmentInputSchema>;

/** The fields an update may change; id is fixed and totalItems derived. */
export type TDepartmentPatch = Partial<Omit<TDepartment, 'id' | 'totalItems'>>;
export type TStationPatch = Partial<Omit<TStation, 'id'>>;

/**
 * Spec §9 icon guess, case-insensitive, checked in the spec's order so the first match wins:
 * 'jewel' → Gem, then 'stone' or 'set' → Settings, then 'polish' → Sparkles, otherwise Hammer.
 * So 'Jewel Setting' is Gem and 'Stone Polishing' is Settings. Substrings count ('Reset' has 'set').
 */
export function guessDepartmentIcon(name: string): TDepartmentIcon {
  const lower = name.toLowerCase();
  if (lower.includes('jewel')) return 'Gem';
  if (lower.includes('stone') || lower.includes('set')) return 'Settings';
  if (lower.includes('polish')) return 'Sparkles';
  return 'Hammer';
}

/** DEPT001, DEPT002, …: one past the highest existing sequence (gaps are not reused). */
export function nextDepartmentId(existingIds: Iterable<string>): string {
  let highest = 0;
  for (const id of existingIds) {
    const match = /^DEPT(\d+)$/.exec(id);
    if (match?.[1] !== undefined) highest = Math.max(highest, Number(match[1]));
  }
  return `DEPT${String(highest + 1).padStart(3, '0')}`;
}

/** Spec §3: the sum of the stations' item counts. */
export function totalItems(department: {
  readonly stations: readonly { readonly itemCount: number }[];
}): number {
  return department.stations.reduce((sum, station) => sum + station.itemCount, 0);
}

function withTotalItems(department: TDepartment): TDepartment {
  return { ...department, totalItems: totalItems(department) };
}

/** A new department with the defaults of spec §3/§9: icon guessed from the name, location LOC001. */
export function createDepartment(
  input: TCreateDepartmentInput,
  existing: readonly TDepartment[],
): TDepartment {
  return {
    id: nextDepartmentId(existing.map((d) => d.id)),
    name: input.name,
    description: input.description ?? '',
    gradient: input.gradient ?? DEFAULT_DEPARTMENT_GRADIENT,
    iconName: input.iconName ?? guessDepartmentIcon(input.name),
    stations: [],
    totalItems: 0,
    locationId: input.locationId ?? DEFAULT_LOCATION_ID,
    mqttTopic: input.mqttTopic ?? null,
    machineId: input.machineId ?? null,
    connectionStatus: 'disconnected',
    lastHeartbeat: null,
  };
}

/** Spec §5: department lookups by name are case-insensitive. */
export function findDepartmentByName<D extends { readonly name: string }>(
  departments: readonly D[],
  name: string,
): D | undefined {
  const wanted = name.toLowerCase();
  return departments.find((department) => department.name.toLowerCase() === wanted);
}

export type TDepartmentFailure = 'department-not-found' | 'station-not-found';

/** Spec §5: changing an unknown department or station is a failure, never a silent no-op. */
export type TDepartmentChange =
  | { readonly ok: true; readonly departments: TDepartment[]; readonly department: TDepartment }
  | { readonly ok: false; readonly reason: TDepartmentFailure };

export type TStationChange =
  | {
      readonly ok: true;
      readonly departments: TDepartment[];
      readonly department: TDepartment;
      readonly station: TStation;
    }
  | { readonly ok: false; readonly reason: TDepartmentFailure };

export function updateDepartment(
  departments: readonly TDepartment[],
  id: string,
  patch: TDepartmentPatch,
): TDepartmentChange {
  const current = departments.find((d) => d.id === id);
  if (current === undefined) return { ok: false, reason: 'department-not-found' };
  const department = withTotalItems({ ...current, ...patch, id });
  return { ok: true, departments: departments.map((d) => (d.id === id ? department : d)), department };
}

/** Returns the deleted department beside the remaining list. */
export function deleteDepartment(departments: readonly TDepartment[], id: string): TDepartmentChange {
  const department = departments.find((d) => d.id === id);
  if (department === undefined) return { ok: false, reason: 'department-not-found' };
  return { ok: true, departments: departments.filter((d) => d.id !== id), department };
}

function changeStations(
  departments: readonly TDepartment[],
  departmentId: string,
  change: (stations: readonly TStation[]) => { stations: TStation[]; station: TStation } | null,
): TStationChange {
  const current = departments.find((d) => d.id === departmentId);
  if (current === undefined) return { ok: false, reason: 'department-not-found' };
  const changed = change(current.stations);
  if (changed === null) return { ok: false, reason: 'station-not-found' };
  const department = withTotalItems({ ...current, stations: changed.stations });
  return {
    ok: true,
    departments: departments.map((d) => (d.id === departmentId ? department : d)),
    department,
    station: changed.station,
  };
}

export function addStation(
  departments: readonly TDepartment[],
  departmentId: string,
  station: TStation,
): TStationChange {
  return changeStations(departments, departmentId, (stations) => ({
    stations: [...stations, station],
    station,
  }));
}

export function updateStation(
  departments: readonly TDepartment[],
  departmentId: string,
  stationId: string,
  patch: TStationPatch,
): TStationChange {
  return changeStations(departments, departmentId, (stations) => {
    const current = stations.find((s) => s.id === stationId);
    if (current === undefined) return null;
    const station = { ...current, ...patch, id: stationId };
    return { stations: stations.map((s) => (s.id === stationId ? station : s)), station };
  });
}

/** Returns the deleted station beside the changed department. */
export function deleteStation(
  departments: readonly TDepartment[],
  departmentId: string,
  stationId: string,
): TStationChange {
  return changeStations(departments, departmentId, (stations) => {
    const station = stations.find((s) => s.id === stationId);
    if (station === undefined) return null;
    return { stations: stations.filter((s) => s.id !== stationId), station };
  });
}

/**
 * Spec §5: department import needs data that parses as a list, otherwise it returns false. Takes a
 * JSON string or an already-parsed value. Every item must be a valid department and ids must be
 * unique, or the whole import is refused (false) rather than half applied.
 */
export function parseDepartmentImport(data: unknown): TDepartment[] | false {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      // Not JSON is exactly the "does not parse" case the spec answers with false.
      return false;
    }
  }
  const parsed = z.array(ZDepartmentSchema).safeParse(value);
  if (!parsed.success) return false;
  const ids = new Set(parsed.data.map((d) => d.id));
  if (ids.size !== parsed.data.length) return false;
  return parsed.data.map(withTotalItems);
}

/** PATCH body of a department: any create field; id is fixed and totalItems derived. */
export const ZUpdateDepartmentInputSchema = lazySchema(() =>
  ZCreateDepartmentInputSchema.unwrap()
    .partial()
    .extend({
      position: z.number().int().nonnegative().max(INT32_MAX).optional(),
    }),
);
export type TUpdateDepartmentInput = z.output<typeof ZUpdateDepartmentInputSchema>;
