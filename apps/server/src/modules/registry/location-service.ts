import type { TListPage, TListQuery } from '@loupe/domain/api/list';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { DEFAULT_LOCATION_ID } from '@loupe/domain/registry/departments';
import {
  DEFAULT_LOCATION,
  nextLocationId,
  type TCreateLocationInput,
  type TLocation,
  type TUpdateLocationInput,
} from '@loupe/domain/registry/locations';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { pageOf } from './list-page.ts';
import { locationSortKey, toLocation } from './registry-views.ts';
import type { TRegistryRepository } from './repository.ts';
import { assertMayManageRegistry, ID_ATTEMPTS, refusingLateReferences } from './service.ts';

export type TLocationServiceOptions = {
  readonly registry: TTransactional<TRegistryRepository>;
  readonly clock: TClock;
};

function noLocation(id: string): AppError {
  return new AppError('NOT_FOUND', `There is no location ${id}.`);
}

/** The workshop's locations (issue 5 §1); LOC001 always exists. */
export function createLocationService(options: TLocationServiceOptions) {
  const { registry: repository, clock } = options;

  async function locationOrFail(id: string) {
    const row = await repository.findLocation(id);
    if (!row) throw noLocation(id);
    return row;
  }

  return {
    /** LOC001 "Main Workshop" (spec §3, §9): made when the server starts, by whichever instance is first. */
    async ensureDefaultLocation(): Promise<void> {
      await repository.ensureDefaultLocation(clock());
    },

    async listLocations(query: TListQuery): Promise<TListPage<TLocation>> {
      const rows = await repository.listLocations({ q: query.q });
      return pageOf(rows.map(toLocation), query, { sortKey: locationSortKey, id: (location) => location.id });
    },

    async getLocation(id: string): Promise<TLocation> {
      return toLocation(await locationOrFail(id));
    },

    async createLocation(actor: TActor, input: TCreateLocationInput): Promise<TLocation> {
      assertMayManageRegistry(actor);
      if (await repository.findLocationByName(input.name)) {
        throw new AppError('CONFLICT', `A location named "${input.name}" already exists.`);
      }
      for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
        const at = clock();
        const row = await repository.insertLocation({
          id: nextLocationId(await repository.locationIds()),
          name: input.name,
          address: input.address ?? '',
          description: input.description ?? '',
          kind: input.kind ?? 'workshop',
          createdAt: at,
          updatedAt: at,
        });
        if (row) return toLocation({ location: row, departmentCount: 0 });
      }
      throw new AppError('CONFLICT', 'Other locations were being created at the same time. Try again.');
    },

    async updateLocation(actor: TActor, id: string, input: TUpdateLocationInput): Promise<TLocation> {
      assertMayManageRegistry(actor);
      await locationOrFail(id);
      if (input.name !== undefined) {
        const namesake = await repository.findLocationByName(input.name);
        if (namesake && namesake.id !== id) {
          throw new AppError('CONFLICT', `A location named "${input.name}" already exists.`);
        }
      }
      await repository.updateLocation(id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.address === undefined ? {} : { address: input.address }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.kind === undefined ? {} : { kind: input.kind }),
        updatedAt: clock(),
      });
      return toLocation(await locationOrFail(id));
    },

    async deleteLocation(actor: TActor, id: string): Promise<void> {
      assertMayManageRegistry(actor);
      if (id === DEFAULT_LOCATION_ID) {
        throw new AppError(
          'CONFLICT',
          `${DEFAULT_LOCATION.name} (${DEFAULT_LOCATION_ID}) is the default location and cannot be deleted.`,
        );
      }
      await refusingLateReferences('A department was just added to this location', () =>
        repository.withTransaction(async (repo) => {
          const row = await repo.findLocation(id);
          if (!row) throw noLocation(id);
          if (row.departmentCount > 0) {
            const departments =
              row.departmentCount === 1 ? 'the 1 department' : `the ${row.departmentCount} departments`;
            throw new AppError(
              'CONFLICT',
              `Move or delete ${departments} of ${row.location.name} before deleting it.`,
            );
          }
          await repo.deleteLocation(id);
        }),
      );
    },
  };
}

export type TLocationService = ReturnType<typeof createLocationService>;
