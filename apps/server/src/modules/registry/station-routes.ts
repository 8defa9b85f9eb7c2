import { listPageSchema, ZListQuerySchema } from '@loupe/domain/api/list';
import { REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import { ZStationWithDepartmentSchema, ZUpdateStationInputSchema } from '@loupe/domain/registry/stations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import { ZRegistryIdParamsSchema } from './route-schemas.ts';
import type { TRegistryService } from './service.ts';

const ZStationListQuerySchema = ZListQuerySchema.extend({
  departmentId: z.string().trim().min(1).max(100).optional(),
});

/** Stations across departments (the TV view and the RFID mapping screen look them up by id). */
export function registerStationRoutes(instance: FastifyInstance, options: { registry: TRegistryService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { registry } = options;

  app.get(
    '/stations',
    apiRoute('signed-in', {
      tags: ['registry'],
      summary: 'List stations with their department and item counts (filter by department, search by name)',
      querystring: ZStationListQuerySchema,
      response: { 200: resultWithData(listPageSchema(ZStationWithDepartmentSchema)) },
    }),
    async (request) => ok(await registry.listStations(request.query)),
  );

  app.get(
    '/stations/:id',
    apiRoute('signed-in', {
      tags: ['registry'],
      summary: 'One station with its department and item count',
      params: ZRegistryIdParamsSchema,
      response: { 200: resultWithData(ZStationWithDepartmentSchema) },
    }),
    async (request) => ok(await registry.getStation(request.params.id)),
  );

  app.patch(
    '/stations/:id',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary: 'Change a station (fields left out keep their value)',
      params: ZRegistryIdParamsSchema,
      body: ZUpdateStationInputSchema,
      response: { 200: resultWithData(ZStationWithDepartmentSchema) },
    }),
    async (request) => {
      const station = await registry.updateStation(currentUserOf(request), request.params.id, request.body);
      return ok(station, 'Station saved.');
    },
  );

  app.delete(
    '/stations/:id',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary: 'Delete a station; refused while tracked items stand at it',
      params: ZRegistryIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await registry.deleteStation(currentUserOf(request), request.params.id);
      return { success: true as const, message: 'Station deleted.' };
    },
  );
}
