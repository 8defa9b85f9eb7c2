import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  parseDepartmentImport,
  type TDepartment,
  ZDepartmentSchema,
} from '@loupe/domain/registry/departments';
import { z } from 'zod';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import { inOrder } from './list-page.ts';
import { departmentSortKey, hydrateDepartments } from './registry-views.ts';
import type { TRegistryRepository } from './repository.ts';
import { assertMayManageRegistry, countOfItems, type TDepartmentChange } from './service.ts';

export type TDepartmentTransferOptions = {
  readonly registry: TTransactional<TRegistryRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** After an import, before the answer: the workflow's templates follow its departments (issue 32). */
  readonly onDepartmentChanged?: (change: TDepartmentChange) => Promise<void>;
};

export type TDepartmentImportResult = { readonly departments: number; readonly stations: number };

type TIssue = { readonly field: string; readonly message: string };

function invalidImport(message: string, issues: readonly TIssue[] = []): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: { issues } });
}

/**
 * Spec §5: an import needs data that parses as a list. The domain answers only yes or no; this says why
 * not, in the words of the first problem, so the person importing can fix the file.
 */
function readImport(body: unknown): TDepartment[] {
  const parsed = parseDepartmentImport(body);
  if (parsed !== false) return parsed;
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw invalidImport('The import is not valid JSON. Use the file that Export departments makes.');
    }
  }
  if (!Array.isArray(value)) {
    throw invalidImport(
      'Department import needs a list of departments, like the file that Export departments makes.',
    );
  }
  const result = z.array(ZDepartmentSchema).safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const [first] = result.error.issues;
    const index = typeof first?.path[0] === 'number' ? first.path[0] : 0;
    const field = first?.path.slice(1).map(String).join('.') || 'department';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    throw invalidImport(
      `Department ${index + 1} of the file is not valid: ${field}: ${first?.message ?? 'is not valid'}${more}`,
      issues,
    );
  }
  const seen = new Set<string>();
  for (const department of result.data) {
    if (seen.has(department.id))
      throw invalidImport(`Department ${department.id} appears more than once in the file.`);
    seen.add(department.id);
  }
  // parseDepartmentImport refused something the checks above did not find: still refuse, never half apply.
  throw invalidImport('The department import is not valid.');
}

/** What must hold within the file itself, whatever the database holds. */
function assertFileConsistent(departments: readonly TDepartment[]): void {
  const departmentNames = new Set<string>();
  const stationIds = new Set<string>();
  for (const department of departments) {
    const name = department.name.toLowerCase();
    if (departmentNames.has(name)) {
      throw invalidImport(`Two departments in the file are named "${department.name}".`);
    }
    departmentNames.add(name);
    const stationNames = new Set<string>();
    for (const station of department.stations) {
      if (stationIds.has(station.id))
        throw invalidImport(`Station ${station.id} appears more than once in the file.`);
      stationIds.add(station.id);
      const stationName = station.name.toLowerCase();
      if (stationNames.has(stationName)) {
        throw invalidImport(`${department.name} has two stations named "${station.name}" in the file.`);
      }
      stationNames.add(stationName);
    }
  }
}

/**
 * The checks against what is stored, inside the import's transaction so nothing slips in between. Throws
 * (and so rolls everything back) on the first problem.
 */
async function assertFitsStoredRegistry(repo: TRegistryRepository, departments: readonly TDepartment[]) {
  const knownLocations = new Set(await repo.locationIds());
  for (const department of departments) {
    if (!knownLocations.has(department.locationId)) {
      throw invalidImport(
        `${department.name} names location ${department.locationId}, which does not exist. Create the location first.`,
      );
    }
  }

  const importedIds = new Set(departments.map((department) => department.id));
  const stored = await repo.listDepartments();
  const storedElsewhere = new Map(
    stored.filter((row) => !importedIds.has(row.id)).map((row) => [row.name.toLowerCase(), row]),
  );
  for (const department of departments) {
    const namesake = storedElsewhere.get(department.name.toLowerCase());
    if (namesake) {
      throw new AppError(
        'CONFLICT',
        `A department named "${namesake.name}" already exists (${namesake.id}) and is not in the file. Rename one of them.`,
      );
    }
  }

  // A station keeps its department: its tracked items and reader mappings point at both.
  const fileStations = departments.flatMap((department) =>
    department.stations.map((station) => ({ station, department })),
  );
  const storedStations = new Map(
    (await repo.stationsByIds(fileStations.map(({ station }) => station.id))).map((row) => [row.id, row]),
  );
  const departmentNames = new Map(stored.map((row) => [row.id, row.name]));
  for (const { station, department } of fileStations) {
    const storedStation = storedStations.get(station.id);
    if (storedStation && storedStation.departmentId !== department.id) {
      const owner = departmentNames.get(storedStation.departmentId) ?? storedStation.departmentId;
      throw new AppError(
        'CONFLICT',
        `Station ${station.id} belongs to ${owner}, not ${department.name}; a station cannot move to another department.`,
      );
    }
  }

  const fileStationIds = new Set(fileStations.map(({ station }) => station.id));
  const removed = (await repo.stationsOfDepartments([...importedIds])).filter(
    (row) => !fileStationIds.has(row.id),
  );
  const items = await repo.countItemsAtStations(removed.map((row) => row.id));
  for (const row of removed) {
    const count = items.get(row.id) ?? 0;
    if (count > 0) {
      throw new AppError(
        'CONFLICT',
        `The file leaves out station ${row.name} of ${departmentNames.get(row.departmentId) ?? row.departmentId}, ` +
          `where ${countOfItems(count)} ${count === 1 ? 'stands' : 'stand'}. Move ${count === 1 ? 'it' : 'them'} to another station before importing.`,
        { details: { stationId: row.id, itemCount: count } },
      );
    }
  }
  return { removedStationIds: removed.map((row) => row.id) };
}

/** Export and import of the departments with their stations (issue 5 §1), as one JSON list. */
export function createDepartmentTransfer(options: TDepartmentTransferOptions) {
  const { registry: repository, clock, events } = options;

  async function allDepartments(repo: TRegistryRepository): Promise<TDepartment[]> {
    const rows = await repo.listDepartments();
    return hydrateDepartments(repo, inOrder(rows, { sortKey: departmentSortKey, id: (row) => row.id }));
  }

  return {
    /** Every department of every location, in display order: exactly what `importDepartments` takes back. */
    async exportDepartments(actor: TActor): Promise<{ fileName: string; departments: TDepartment[] }> {
      assertMayManageRegistry(actor);
      const day = clock().toISOString().slice(0, 10);
      return { fileName: `loupe-departments-${day}.json`, departments: await allDepartments(repository) };
    },

    /**
     * Upserts the file's departments and stations by id in one transaction; stations of an imported
     * department that the file leaves out are removed. Departments the file does not name stay as they
     * are. Item counts in the file are ignored: they are counted from the tracked items.
     */
    async importDepartments(actor: TActor, body: unknown): Promise<TDepartmentImportResult> {
      assertMayManageRegistry(actor);
      const departments = readImport(body);
      assertFileConsistent(departments);
      const at = clock();
      await repository.withTransaction(async (repo) => {
        const { removedStationIds } = await assertFitsStoredRegistry(repo, departments);
        await repo.deleteStations(removedStationIds);
        await repo.clearNamesForImport(departments.map((department) => department.id));
        const positions = new Map<string, number>();
        for (const department of departments) {
          // Display order within each location follows the file's order.
          const position = positions.get(department.locationId) ?? 0;
          positions.set(department.locationId, position + 1);
          await repo.upsertDepartment({
            id: department.id,
            name: department.name,
            description: department.description,
            gradient: department.gradient,
            iconName: department.iconName,
            locationId: department.locationId,
            mqttTopic: department.mqttTopic,
            machineId: department.machineId,
            position,
            createdAt: at,
            updatedAt: at,
          });
          for (const [index, station] of department.stations.entries()) {
            await repo.upsertStation({
              id: station.id,
              departmentId: department.id,
              name: station.name,
              antennaNumber: station.antennaNumber,
              isActive: station.isActive,
              signalStrength: station.signalStrength === null ? null : Math.round(station.signalStrength),
              jewelerName: station.jewelerName,
              specialization: station.specialization,
              status: station.status,
              position: index,
              createdAt: at,
            });
          }
        }
      });
      const all = await allDepartments(repository);
      for (const department of departments) {
        await options.onDepartmentChanged?.({ kind: 'saved', department });
      }
      events.publish('department:data-reset', { departments: all });
      return {
        departments: departments.length,
        stations: departments.reduce((sum, department) => sum + department.stations.length, 0),
      };
    },
  };
}

export type TDepartmentTransfer = ReturnType<typeof createDepartmentTransfer>;
