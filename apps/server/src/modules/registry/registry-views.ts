import {
  DEPARTMENT_CONNECTION_STATUSES,
  type TDepartment,
  totalItems,
  ZDepartmentIconSchema,
} from '@loupe/domain/registry/departments';
import type { TLocation } from '@loupe/domain/registry/locations';
import type { TStation, TStationWithDepartment } from '@loupe/domain/registry/stations';
import { ZLocationKindSchema, ZStationRoleSchema } from '@loupe/domain/transfers/transfers';
import { z } from 'zod';
import type { TSortKey } from './list-page.ts';
import type {
  TDepartmentRow,
  TLocationRow,
  TRegistryRepository,
  TStationRow,
  TStationWithDepartmentRow,
} from './repository.ts';

/** Rows as the API shows them (the domain's shapes, timestamps as ISO strings). */

const ZConnectionStatusSchema = z.enum(DEPARTMENT_CONNECTION_STATUSES).catch('disconnected');
const ZIconSchema = ZDepartmentIconSchema.catch('Hammer');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Sequence ids (LOC001, DEPT001) sort by length first, so DEPT1000 comes after DEPT999. */
export const sequenceIdKey = (id: string): TSortKey => [id.length, id];

export const locationSortKey = (location: { readonly id: string }): TSortKey => sequenceIdKey(location.id);
export const departmentSortKey = (row: TDepartmentRow): TSortKey => [
  ...sequenceIdKey(row.locationId),
  row.position,
  row.id.length,
];
export const stationSortKey = (row: TStationRow): TSortKey => [
  ...sequenceIdKey(row.departmentId),
  row.position,
];

export function toLocation(row: { location: TLocationRow; departmentCount: number }): TLocation {
  const { location } = row;
  return {
    id: location.id,
    name: location.name,
    address: location.address,
    description: location.description,
    kind: ZLocationKindSchema.catch('workshop').parse(location.kind),
    departmentCount: row.departmentCount,
    createdAt: location.createdAt.toISOString(),
    updatedAt: location.updatedAt.toISOString(),
  };
}

export function toStation(row: TStationRow, itemCount: number): TStation {
  return {
    id: row.id,
    name: row.name,
    lastSeen: iso(row.lastSeen),
    antennaNumber: row.antennaNumber,
    isActive: row.isActive,
    signalStrength: row.signalStrength,
    jewelerName: row.jewelerName,
    specialization: row.specialization,
    status: row.status,
    itemCount,
    role: ZStationRoleSchema.catch('work').parse(row.role),
  };
}

export function toStationWithDepartment(
  row: TStationWithDepartmentRow,
  itemCount: number,
): TStationWithDepartment {
  return { ...toStation(row, itemCount), departmentId: row.departmentId, departmentName: row.departmentName };
}

/** Stations with their item counts (spec §3), counted from the tracked items standing at each. */
export async function stationsWithCounts<R extends TStationRow>(
  repository: TRegistryRepository,
  rows: readonly R[],
): Promise<{ row: R; itemCount: number }[]> {
  const counts = await repository.standingItemCounts(rows.map((row) => row.id));
  return rows.map((row) => ({ row, itemCount: counts.get(row.id) ?? 0 }));
}

/** Departments with their stations in display order and totalItems summed from them (spec §3). */
export async function hydrateDepartments(
  repository: TRegistryRepository,
  rows: readonly TDepartmentRow[],
): Promise<TDepartment[]> {
  const [stationRows, readerHealth] = await Promise.all([
    repository.stationsOfDepartments(rows.map((row) => row.id)),
    repository.readerHealthOfDepartments(rows.map((row) => row.id)),
  ]);
  stationRows.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const counted = await stationsWithCounts(repository, stationRows);
  const stationsOf = new Map<string, TStation[]>();
  for (const { row, itemCount } of counted) {
    const list = stationsOf.get(row.departmentId) ?? [];
    list.push(toStation(row, itemCount));
    stationsOf.set(row.departmentId, list);
  }
  return rows.map((row) => {
    const stations = stationsOf.get(row.id) ?? [];
    // Spec §3's connection status and heartbeat are the mapped readers' (issue 11 §6): the same truth as
    // /rfid-mapping. A department without mapped readers keeps what was stored for it.
    const health = readerHealth.get(row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      gradient: row.gradient,
      iconName: ZIconSchema.parse(row.iconName),
      stations,
      totalItems: totalItems({ stations }),
      locationId: row.locationId,
      mqttTopic: row.mqttTopic,
      machineId: row.machineId,
      connectionStatus: health
        ? health.isOnline
          ? 'connected'
          : 'disconnected'
        : ZConnectionStatusSchema.parse(row.connectionStatus),
      lastHeartbeat: iso(health ? health.lastHeartbeat : row.lastHeartbeat),
    };
  });
}
