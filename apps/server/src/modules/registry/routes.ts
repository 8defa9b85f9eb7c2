import { ZListQuerySchema } from '@loupe/domain/api/list';
import {
  ZCreateLocationInputSchema,
  ZLocationSchema,
  ZUpdateLocationInputSchema,
} from '@loupe/domain/registry/locations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { registerDepartmentRoutes } from './department-routes.ts';
import type { TDepartmentTransfer } from './department-transfer.ts';
import type { TLocationService } from './location-service.ts';
import { REGISTRY_RESOURCE } from './route-schemas.ts';
import type { TRegistryService } from './service.ts';
import { registerStationRoutes } from './station-routes.ts';

/**
 * The workshop registry (issue 5 §1, decision 004): locations, departments and stations, read by every
 * signed-in user and set up by admins and managers. The rules live in service.ts.
 */
export type TRegistryRoutesOptions = {
  readonly registry: TRegistryService;
  readonly locations: TLocationService;
  readonly transfer: TDepartmentTransfer;
};

export async function registerRegistryRoutes(instance: FastifyInstance, options: TRegistryRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { registry, locations, transfer } = options;

  registerResourceRoutes(app, {
    path: '/locations',
    ...REGISTRY_RESOURCE,
    item: ZLocationSchema,
    list: {
      summary: 'List the workshop’s locations with their department counts (search by name or address)',
      query: ZListQuerySchema,
      run: ({ query }) => locations.listLocations(query),
    },
    create: {
      summary: 'Create a location (id LOC + the next sequence number)',
      body: ZCreateLocationInputSchema,
      message: 'Location created.',
      run: ({ actor, body }) => locations.createLocation(actor, body),
    },
    get: { summary: 'One location', run: ({ id }) => locations.getLocation(id) },
    update: {
      summary: 'Change a location’s name, address or description (fields left out keep their value)',
      body: ZUpdateLocationInputSchema,
      message: 'Location saved.',
      run: ({ actor, id, body }) => locations.updateLocation(actor, id, body),
    },
    remove: {
      summary: 'Delete a location that has no departments (LOC001, the default, stays)',
      message: 'Location deleted.',
      run: ({ actor, id }) => locations.deleteLocation(actor, id),
    },
  });

  registerDepartmentRoutes(app, { registry, transfer });
  registerStationRoutes(app, { registry });
}
