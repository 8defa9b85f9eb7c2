import type { TListPage, TListQuery } from '@loupe/domain/api/list';
import { canManageRegistry } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { roomName } from '@loupe/domain/realtime/events';
import {
  createDepartment,
  nextDepartmentId,
  type TCreateDepartmentInput,
  type TDepartment,
  type TUpdateDepartmentInput,
} from '@loupe/domain/registry/departments';
import {
  newStationId,
  type TCreateStationInput,
  type TStation,
  type TStationWithDepartment,
  type TUpdateStationInput,
} from '@loupe/domain/registry/stations';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import { isForeignKeyViolation, isUniqueViolation } from './db-errors.ts';
import { pageOf } from './list-page.ts';
import {
  departmentSortKey,
  hydrateDepartments,
  stationSortKey,
  stationsWithCounts,
  toStation,
  toStationWithDepartment,
} from './registry-views.ts';
import type { TDepartmentRow, TRegistryRepository } from './repository.ts';

export type TRegistryServiceOptions = {
  readonly registry: TTransactional<TRegistryRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  /**
   * After a department is made, renamed or removed, before the answer: the workflow's templates follow it
   * (issue 32), so that a read there moves jobs at once.
   */
  readonly onDepartmentChanged?: (change: TDepartmentChange) => Promise<void>;
};

/** What the registry tells the workflow about its departments. */
export type TDepartmentChange =
  | { readonly kind: 'saved'; readonly department: { readonly id: string; readonly name: string } }
  | { readonly kind: 'removed'; readonly departmentId: string };

// Ids are "one past the highest": two requests at once may pick the same; the loser tries the next.
export const ID_ATTEMPTS = 5;

export const departmentRoom = (departmentId: string) => roomName({ kind: 'department', id: departmentId });

/** Only admins and managers set up the registry (decision 004); the routes say so too. */
export function assertMayManageRegistry(actor: TActor): void {
  if (!canManageRegistry(actor)) {
    throw forbidden('Only an administrator or a manager can change the workshop registry.');
  }
}

export function countOfItems(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

function noDepartment(id: string): AppError {
  return new AppError('NOT_FOUND', `There is no department ${id}.`);
}

function noStation(id: string): AppError {
  return new AppError('NOT_FOUND', `There is no station ${id}.`);
}

function departmentNameTaken(name: string): AppError {
  return new AppError('CONFLICT', `A department named "${name}" already exists.`);
}

function stationNameTaken(departmentName: string, name: string): AppError {
  return new AppError('CONFLICT', `${departmentName} already has a station named "${name}".`);
}

/** Departments and stations (issue 5 §1): rules, access checks and the registry events of spec §4. */
export function createRegistryService(options: TRegistryServiceOptions) {
  const { registry: repository, clock, events } = options;

  async function departmentOrFail(repo: TRegistryRepository, id: string): Promise<TDepartmentRow> {
    const row = await repo.findDepartment(id);
    if (!row) throw noDepartment(id);
    return row;
  }

  async function hydrateOne(repo: TRegistryRepository, row: TDepartmentRow): Promise<TDepartment> {
    const [department] = await hydrateDepartments(repo, [row]);
    if (!department) throw noDepartment(row.id);
    return department;
  }

  /** A location a department is put in must exist: a 400 naming it, before the foreign key refuses it. */
  async function assertLocationExists(repo: TRegistryRepository, locationId: string): Promise<void> {
    if (!(await repo.findLocation(locationId))) {
      throw new AppError(
        'VALIDATION_FAILED',
        `There is no location ${locationId}. Choose an existing location or create it first.`,
        { details: { issues: [{ field: 'body.locationId', message: 'Unknown location' }] } },
      );
    }
  }

  async function stationView(repo: TRegistryRepository, id: string): Promise<TStationWithDepartment> {
    const row = await repo.findStation(id);
    if (!row) throw noStation(id);
    const [counted] = await stationsWithCounts(repo, [row]);
    return toStationWithDepartment(row, counted?.itemCount ?? 0);
  }

  function announceStation(name: 'station:added' | 'station:updated', station: TStationWithDepartment): void {
    const { departmentId, departmentName: _name, ...plain } = station;
    events.publish(name, { departmentId, station: plain }, { rooms: [departmentRoom(departmentId)] });
  }

  return {
    async listDepartments(
      query: TListQuery & { readonly locationId?: string | undefined },
    ): Promise<TListPage<TDepartment>> {
      const rows = await repository.listDepartments({ locationId: query.locationId, q: query.q });
      const page = pageOf(rows, query, { sortKey: departmentSortKey, id: (row) => row.id });
      return { ...page, items: await hydrateDepartments(repository, page.items) };
    },

    async getDepartment(id: string): Promise<TDepartment> {
      return hydrateOne(repository, await departmentOrFail(repository, id));
    },

    /** Spec §5: case-insensitive. */
    async getDepartmentByName(name: string): Promise<TDepartment> {
      const row = await repository.findDepartmentByName(name);
      if (!row) throw new AppError('NOT_FOUND', `There is no department named "${name}".`);
      return hydrateOne(repository, row);
    },

    /** Spec §3/§9 defaults: DEPT + sequence, icon guessed from the name, location LOC001. */
    async createDepartment(actor: TActor, input: TCreateDepartmentInput): Promise<TDepartment> {
      assertMayManageRegistry(actor);
      const draft = createDepartment(input, []);
      await assertLocationExists(repository, draft.locationId);
      if (await repository.findDepartmentByName(draft.name)) throw departmentNameTaken(draft.name);
      const position = await repository.nextDepartmentPosition(draft.locationId);
      for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
        const at = clock();
        const row = await repository.insertDepartment({
          id: nextDepartmentId(await repository.departmentIds()),
          name: draft.name,
          description: draft.description,
          gradient: draft.gradient,
          iconName: draft.iconName,
          locationId: draft.locationId,
          mqttTopic: draft.mqttTopic,
          machineId: draft.machineId,
          connectionStatus: draft.connectionStatus,
          position,
          createdAt: at,
          updatedAt: at,
        });
        if (row) {
          const department = await hydrateOne(repository, row);
          await options.onDepartmentChanged?.({ kind: 'saved', department });
          events.publish('department:added', { department }, { rooms: [departmentRoom(department.id)] });
          return department;
        }
        // Nothing inserted: the name was just taken by someone else, or the id was.
        if (await repository.findDepartmentByName(draft.name)) throw departmentNameTaken(draft.name);
      }
      throw new AppError('CONFLICT', 'Other departments were being created at the same time. Try again.');
    },

    async updateDepartment(actor: TActor, id: string, input: TUpdateDepartmentInput): Promise<TDepartment> {
      assertMayManageRegistry(actor);
      await departmentOrFail(repository, id);
      if (input.name !== undefined) {
        const namesake = await repository.findDepartmentByName(input.name);
        if (namesake && namesake.id !== id) throw departmentNameTaken(input.name);
      }
      if (input.locationId !== undefined) await assertLocationExists(repository, input.locationId);
      let row: TDepartmentRow | undefined;
      try {
        // Drizzle leaves out the fields that are undefined: what the body does not name keeps its value.
        row = await repository.updateDepartment(id, { ...input, updatedAt: clock() });
      } catch (error) {
        // The name was taken between the check and the update.
        if (isUniqueViolation(error) && input.name !== undefined) throw departmentNameTaken(input.name);
        throw error;
      }
      if (!row) throw noDepartment(id);
      const department = await hydrateOne(repository, row);
      if (input.name !== undefined) await options.onDepartmentChanged?.({ kind: 'saved', department });
      events.publish('department:updated', { department }, { rooms: [departmentRoom(id)] });
      return department;
    },

    /** Refused while tracked items stand in it (decision 004); its stations go with it. */
    async deleteDepartment(actor: TActor, id: string): Promise<void> {
      assertMayManageRegistry(actor);
      await refusingLateReferences('An item just arrived in this department', () =>
        repository.withTransaction(async (repo) => {
          const row = await departmentOrFail(repo, id);
          const items = await repo.countItemsInDepartment(id);
          if (items > 0) {
            throw new AppError(
              'CONFLICT',
              `Move the ${countOfItems(items)} in ${row.name} to another department before deleting it.`,
              { details: { itemCount: items } },
            );
          }
          await repo.deleteDepartment(id);
        }),
      );
      await options.onDepartmentChanged?.({ kind: 'removed', departmentId: id });
      events.publish('department:deleted', { departmentId: id }, { rooms: [departmentRoom(id)] });
    },

    // ── Stations ───────────────────────────────────────────────────────────────────────────────

    async listDepartmentStations(departmentId: string, query: TListQuery): Promise<TListPage<TStation>> {
      await departmentOrFail(repository, departmentId);
      const rows = await repository.listStations({ departmentId, q: query.q });
      const page = pageOf(rows, query, { sortKey: stationSortKey, id: (row) => row.id });
      const counted = await stationsWithCounts(repository, page.items);
      return { ...page, items: counted.map(({ row, itemCount }) => toStation(row, itemCount)) };
    },

    async listStations(
      query: TListQuery & { readonly departmentId?: string | undefined },
    ): Promise<TListPage<TStationWithDepartment>> {
      const rows = await repository.listStations({ departmentId: query.departmentId, q: query.q });
      const page = pageOf(rows, query, { sortKey: stationSortKey, id: (row) => row.id });
      const counted = await stationsWithCounts(repository, page.items);
      return {
        ...page,
        items: counted.map(({ row, itemCount }) => toStationWithDepartment(row, itemCount)),
      };
    },

    async getStation(id: string): Promise<TStationWithDepartment> {
      return stationView(repository, id);
    },

    /**
     * Spec §3: id STATION + the last six digits of now, bumped past ids already taken. The item count and
     * last-seen time are the tracking's to tell, so a client's values for them are ignored.
     */
    async createStation(
      actor: TActor,
      departmentId: string,
      input: TCreateStationInput,
    ): Promise<TStationWithDepartment> {
      assertMayManageRegistry(actor);
      const department = await departmentOrFail(repository, departmentId);
      if (await repository.findStationByName(departmentId, input.name)) {
        throw stationNameTaken(department.name, input.name);
      }
      const position = await repository.nextStationPosition(departmentId);
      const taken = new Set(await repository.stationIds());
      for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
        const at = clock();
        const id = newStationId(at, taken);
        const row = await repository.insertStation({
          id,
          departmentId,
          name: input.name,
          antennaNumber: input.antennaNumber,
          isActive: input.isActive,
          signalStrength: roundedSignal(input.signalStrength),
          jewelerName: input.jewelerName,
          specialization: input.specialization,
          status: input.status,
          role: input.role,
          position,
          createdAt: at,
        });
        if (row) {
          const station = await stationView(repository, row.id);
          announceStation('station:added', station);
          return station;
        }
        if (await repository.findStationByName(departmentId, input.name)) {
          throw stationNameTaken(department.name, input.name);
        }
        taken.add(id);
      }
      throw new AppError('CONFLICT', 'Other stations were being created at the same time. Try again.');
    },

    async updateStation(
      actor: TActor,
      id: string,
      input: TUpdateStationInput,
    ): Promise<TStationWithDepartment> {
      assertMayManageRegistry(actor);
      const current = await repository.findStation(id);
      if (!current) throw noStation(id);
      if (input.name !== undefined) {
        const namesake = await repository.findStationByName(current.departmentId, input.name);
        if (namesake && namesake.id !== id) throw stationNameTaken(current.departmentName, input.name);
      }
      const changes = {
        ...input,
        signalStrength: input.signalStrength === undefined ? undefined : roundedSignal(input.signalStrength),
      };
      try {
        // An empty body changes nothing (stations keep no updatedAt to touch).
        if (Object.values(changes).some((value) => value !== undefined)) {
          await repository.updateStation(id, changes);
        }
      } catch (error) {
        if (isUniqueViolation(error) && input.name !== undefined) {
          throw stationNameTaken(current.departmentName, input.name);
        }
        throw error;
      }
      const station = await stationView(repository, id);
      announceStation('station:updated', station);
      return station;
    },

    /** Refused while tracked items stand at it. */
    async deleteStation(actor: TActor, id: string): Promise<void> {
      assertMayManageRegistry(actor);
      const departmentId = await refusingLateReferences('An item just arrived at this station', () =>
        repository.withTransaction(async (repo) => {
          const station = await repo.findStation(id);
          if (!station) throw noStation(id);
          const items = (await repo.countItemsAtStations([id])).get(id) ?? 0;
          if (items > 0) {
            throw new AppError(
              'CONFLICT',
              `Move the ${countOfItems(items)} at ${station.name} (${station.departmentName}) to another station before deleting it.`,
              { details: { itemCount: items } },
            );
          }
          await repo.deleteStations([id]);
          return station.departmentId;
        }),
      );
      events.publish(
        'station:deleted',
        { departmentId, stationId: id },
        { rooms: [departmentRoom(departmentId)] },
      );
    },
  };
}

/**
 * A delete checks for what stands in the way, then deletes; should something arrive in between, the foreign
 * key refuses the delete, and the caller hears why instead of a server error.
 */
export async function refusingLateReferences<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError('CONFLICT', `${what}. Reload and try again.`, { cause: error });
    throw error;
  }
}

/** The column is whole dBm; readers report RSSI with decimals now and then. */
function roundedSignal(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

export type TRegistryService = ReturnType<typeof createRegistryService>;
