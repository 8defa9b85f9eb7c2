import { listPageSchema, ZListQuerySchema } from '@loupe/domain/api/list';
import { REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCreateDepartmentInputSchema,
  ZDepartmentSchema,
  ZUpdateDepartmentInputSchema,
} from '@loupe/domain/registry/departments';
import {
  ZCreateStationInputSchema,
  ZStationSchema,
  ZStationWithDepartmentSchema,
} from '@loupe/domain/registry/stations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TDepartmentTransfer } from './department-transfer.ts';
import { REGISTRY_RESOURCE, ZRegistryIdParamsSchema } from './route-schemas.ts';
import type { TRegistryService } from './service.ts';

const ZDepartmentListQuerySchema = ZListQuerySchema.unwrap().extend({
  locationId: z.string().trim().min(1).max(100).optional(),
});

const ZImportResultSchema = z.object({
  departments: z.number().int().nonnegative(),
  stations: z.number().int().nonnegative(),
});

/** Departments (spec §3) with their stations, and their JSON export and import. */
export function registerDepartmentRoutes(
  instance: FastifyInstance,
  options: { registry: TRegistryService; transfer: TDepartmentTransfer },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { registry, transfer } = options;

  registerResourceRoutes(app, {
    path: '/departments',
    ...REGISTRY_RESOURCE,
    item: ZDepartmentSchema,
    list: {
      summary:
        'List departments with their stations and item counts (filter by location, search by name or description)',
      query: ZDepartmentListQuerySchema,
      run: ({ query }) => registry.listDepartments(query),
    },
    create: {
      summary:
        'Create a department (id DEPT + the next sequence; icon guessed from the name and location LOC001 unless given)',
      body: ZCreateDepartmentInputSchema,
      message: 'Department created.',
      run: ({ actor, body }) => registry.createDepartment(actor, body),
    },
    get: {
      summary: 'One department with its stations and item counts',
      run: ({ id }) => registry.getDepartment(id),
    },
    update: {
      summary: 'Change a department (fields left out keep their value)',
      body: ZUpdateDepartmentInputSchema,
      message: 'Department saved.',
      run: ({ actor, id, body }) => registry.updateDepartment(actor, id, body),
    },
    remove: {
      summary: 'Delete a department and its stations; refused while tracked items stand in it',
      message: 'Department deleted.',
      run: ({ actor, id }) => registry.deleteDepartment(actor, id),
    },
  });

  app.get(
    '/departments/export',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary: 'Download every department with its stations as a JSON file, the shape the import takes',
      response: { 200: z.array(ZDepartmentSchema) },
    }),
    async (request, reply) => {
      const { fileName, departments } = await transfer.exportDepartments(currentUserOf(request));
      void reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return departments;
    },
  );

  app.post(
    '/departments/import',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary:
        'Import an exported department list (JSON): upserts departments and stations by id, all or nothing',
      description:
        'The body is the list that GET /departments/export gives (as JSON, or its text as text/plain). ' +
        'Anything but a valid list is refused with VALIDATION_FAILED and changes nothing. Stations of an ' +
        'imported department that the file leaves out are removed, unless tracked items stand there (CONFLICT).',
      body: z.unknown(),
      response: { 200: resultWithData(ZImportResultSchema) },
    }),
    async (request) => {
      const data = await transfer.importDepartments(currentUserOf(request), request.body);
      return {
        success: true as const,
        message: `Imported ${data.departments} departments with ${data.stations} stations.`,
        data,
      };
    },
  );

  app.get(
    '/departments/by-name/:name',
    apiRoute('signed-in', {
      tags: ['registry'],
      summary: 'Find a department by its name, case-insensitively (spec §5)',
      params: z.object({ name: z.string().trim().min(1).max(100) }),
      response: { 200: resultWithData(ZDepartmentSchema) },
    }),
    async (request) => ok(await registry.getDepartmentByName(request.params.name)),
  );

  app.get(
    '/departments/:id/stations',
    apiRoute('signed-in', {
      tags: ['registry'],
      summary: 'The stations of a department in display order, with their item counts',
      params: ZRegistryIdParamsSchema,
      querystring: ZListQuerySchema,
      response: { 200: resultWithData(listPageSchema(ZStationSchema)) },
    }),
    async (request) => ok(await registry.listDepartmentStations(request.params.id, request.query)),
  );

  app.post(
    '/departments/:id/stations',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags: ['registry'],
      summary: 'Add a station to a department (id STATION + the last six digits of the time)',
      params: ZRegistryIdParamsSchema,
      body: ZCreateStationInputSchema,
      response: { 201: resultWithData(ZStationWithDepartmentSchema) },
    }),
    async (request, reply) => {
      const station = await registry.createStation(currentUserOf(request), request.params.id, request.body);
      return reply.status(201).send(ok(station, 'Station created.'));
    },
  );
}
