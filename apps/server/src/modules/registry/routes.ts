import { listPageSchema, ZListQuerySchema } from '@loupe/domain/api/list';
import { REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCreateLocationInputSchema,
  ZLocationSchema,
  ZUpdateLocationInputSchema,
} from '@loupe/domain/registry/locations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import { registerDepartmentRoutes } from './department-routes.ts';
import type { TDepartmentTransfer } from './department-transfer.ts';
import type { TLocationService } from './location-service.ts';
import { ZRegistryIdParamsSchema } from './route-schemas.ts';
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

  app.get(
    '/locations',
    apiRoute('signed-in', {
      tags: ['registry'],
      summary: 'List the workshop’s locations with their department counts (search by name or address)',
      querystring: ZListQuerySchema,
      response: { 200: resultWithData(listPageSchema(ZLocationSchema)) },
    }),
    async (request) => ok(await locations.listLocations(request.query)),
  );

  app.post(
    '/locations',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary: 'Create a location (id LOC + the next sequence number)',
      body: ZCreateLocationInputSchema,
      response: { 201: resultWithData(ZLocationSchema) },
    }),
    async (request, reply) => {
      const location = await locations.createLocation(currentUserOf(request), request.body);
      return reply.status(201).send(ok(location, 'Location created.'));
    },
  );

  app.get(
    '/locations/:id',
    apiRoute('signed-in', {
      tags: ['registry'],
      summary: 'One location',
      params: ZRegistryIdParamsSchema,
      response: { 200: resultWithData(ZLocationSchema) },
    }),
    async (request) => ok(await locations.getLocation(request.params.id)),
  );

  app.patch(
    '/locations/:id',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary: 'Change a location’s name, address or description (fields left out keep their value)',
      params: ZRegistryIdParamsSchema,
      body: ZUpdateLocationInputSchema,
      response: { 200: resultWithData(ZLocationSchema) },
    }),
    async (request) => {
      const location = await locations.updateLocation(
        currentUserOf(request),
        request.params.id,
        request.body,
      );
      return ok(location, 'Location saved.');
    },
  );

  app.delete(
    '/locations/:id',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary: 'Delete a location that has no departments (LOC001, the default, stays)',
      params: ZRegistryIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await locations.deleteLocation(currentUserOf(request), request.params.id);
      return { success: true as const, message: 'Location deleted.' };
    },
  );

  registerDepartmentRoutes(app, { registry, transfer });
  registerStationRoutes(app, { registry });
}
