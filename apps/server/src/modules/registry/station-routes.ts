import { ZListQuerySchema } from '@loupe/domain/api/list';
import { ZStationWithDepartmentSchema, ZUpdateStationInputSchema } from '@loupe/domain/registry/stations';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { REGISTRY_RESOURCE } from './route-schemas.ts';
import type { TRegistryService } from './service.ts';

const ZStationListQuerySchema = ZListQuerySchema.unwrap().extend({
  departmentId: z.string().trim().min(1).max(100).optional(),
});

/** Stations across departments (the TV view and the RFID mapping screen look them up by id). */
export function registerStationRoutes(instance: FastifyInstance, options: { registry: TRegistryService }) {
  const { registry } = options;
  // Stations are created in their department (POST /departments/{id}/stations).
  registerResourceRoutes(instance, {
    path: '/stations',
    ...REGISTRY_RESOURCE,
    item: ZStationWithDepartmentSchema,
    list: {
      summary: 'List stations with their department and item counts (filter by department, search by name)',
      query: ZStationListQuerySchema,
      run: ({ query }) => registry.listStations(query),
    },
    get: {
      summary: 'One station with its department and item count',
      run: ({ id }) => registry.getStation(id),
    },
    update: {
      summary: 'Change a station (fields left out keep their value)',
      body: ZUpdateStationInputSchema,
      message: 'Station saved.',
      run: ({ actor, id, body }) => registry.updateStation(actor, id, body),
    },
    remove: {
      summary: 'Delete a station; refused while tracked items stand at it',
      message: 'Station deleted.',
      run: ({ actor, id }) => registry.deleteStation(actor, id),
    },
  });
}
