import { ADMIN_ROLES } from '@loupe/domain/auth/permissions';
import { ZSecuritySettingsSchema } from '@loupe/domain/settings/security-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../app.ts';
import { resultWithData } from '../../lib/api-response.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';

const { shape } = ZSecuritySettingsSchema;
/** The same rules without the defaults: a field left out keeps its current value. */
const ZSecuritySettingsChangesSchema = z.object({
  selfRegistration: shape.selfRegistration.unwrap().optional(),
  accessTokenMinutes: shape.accessTokenMinutes.unwrap().optional(),
  refreshTokenDays: shape.refreshTokenDays.unwrap().optional(),
});

const adminDoc = { security: [{ idToken: [] }] };

/** Workshop-wide settings sections; security (self-registration, session lifetimes) is admin only (spec §6). */
export async function registerSettingsRoutes(instance: FastifyInstance, options: { services: TServices }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { settings, securitySettings, audit, clock } = options.services;

  app.get(
    '/settings/security',
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ['settings'],
        summary: 'Security settings',
        ...adminDoc,
        response: { 200: resultWithData(ZSecuritySettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await securitySettings() }),
  );

  app.put(
    '/settings/security',
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ['settings'],
        summary: 'Change security settings (fields left out keep their value); answers the stored settings',
        ...adminDoc,
        body: ZSecuritySettingsChangesSchema,
        response: { 200: resultWithData(ZSecuritySettingsSchema) },
      },
    },
    async (request) => {
      const actor = currentUserOf(request);
      const changes = Object.fromEntries(
        Object.entries(request.body).filter(([, value]) => value !== undefined),
      );
      const value = ZSecuritySettingsSchema.parse({ ...(await securitySettings()), ...changes });
      await settings.write('security', value, actor.id);
      await audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: 'security',
        ...requestContext(request),
        details: { section: 'security', changes },
      });
      return { success: true as const, message: 'Security settings saved.', data: await securitySettings() };
    },
  );
}
