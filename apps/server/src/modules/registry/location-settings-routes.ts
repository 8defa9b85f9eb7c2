import { REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import { ZLocationSettingsSchema } from '@loupe/domain/registry/location-settings';
import {
  LOCATION_SETTINGS_MESSAGES,
  ZLocationSettingsViewSchema,
} from '@loupe/domain/registry/location-settings-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TLocationSettingsService } from './location-settings-service.ts';
import { ZRegistryIdParamsSchema } from './route-schemas.ts';

const tags = ['registry'];
const response = { 200: resultWithData(ZLocationSettingsViewSchema) };

/**
 * A location's own rules (issue 39 §3): read by everyone signed in like the registry (the job forms count the
 * transit it adds), set by admins and managers like every registry write.
 */
export async function registerLocationSettingsRoutes(
  instance: FastifyInstance,
  options: { readonly locationSettings: TLocationSettingsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { locationSettings } = options;

  app.get(
    '/locations/:id/settings',
    apiRoute('signed-in', {
      tags,
      summary: 'A location’s own calendar, offsite timeout, transit days and printers, with the workshop’s',
      params: ZRegistryIdParamsSchema,
      response,
    }),
    async (request) => ok(await locationSettings.get(currentUserOf(request), request.params.id)),
  );

  app.put(
    '/locations/:id/settings',
    apiRoute(REGISTRY_MANAGER_ROLES, {
      tags,
      summary: 'Replace a location’s own settings (each field left out takes the workshop’s value)',
      params: ZRegistryIdParamsSchema,
      body: ZLocationSettingsSchema,
      response,
    }),
    async (request) =>
      ok(
        await locationSettings.update(currentUserOf(request), request.params.id, request.body),
        LOCATION_SETTINGS_MESSAGES.saved,
      ),
  );
}
