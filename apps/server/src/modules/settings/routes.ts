import {
  ZNotificationSettingsChangesSchema,
  ZNotificationSettingsSchema,
} from '@loupe/domain/settings/notification-settings';
import { ZOrderSettingsChangesSchema, ZOrderSettingsSchema } from '@loupe/domain/settings/order-settings';
import { SETTINGS_SECTION_ACCESS, type TSettingsSection } from '@loupe/domain/settings/sections';
import {
  type TSecuritySettings,
  ZSecuritySettingsChangesSchema,
  ZSecuritySettingsSchema,
} from '@loupe/domain/settings/security-settings';
import { ZWorkshopDefaultsSchema } from '@loupe/domain/settings/workshop-defaults';
import {
  ZWorkshopGeneralSettingsChangesSchema,
  ZWorkshopGeneralSettingsSchema,
} from '@loupe/domain/settings/workshop-general-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import type { TClock } from '../../lib/clock.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TSettingsRepository } from './repository.ts';
import type { TSettingsService } from './service.ts';

/** Who may read and change a section: the settings access table of spec §6, where 'all' means any signed-in user. */
function sectionRolesOf(section: TSettingsSection): TAccess {
  const access = SETTINGS_SECTION_ACCESS[section];
  return access === 'all' ? 'signed-in' : access;
}

/**
 * Settings sections, each read and changed by the roles spec §6 gives it: security (self-registration,
 * session lifetimes) admin only; general (offsite rules, branding) and orders (numbering, lead times) admin
 * and manager; notifications each user's own. What other screens need of general and orders comes from
 * GET /settings/workshop-defaults, open to every signed-in user (issue 20 §5).
 */
export type TSettingsRoutesOptions = {
  readonly settingsService: TSettingsService;
  readonly settings: TSettingsRepository;
  readonly securitySettings: () => Promise<TSecuritySettings>;
  readonly audit: TAuditRepository;
  readonly clock: TClock;
};

export async function registerSettingsRoutes(instance: FastifyInstance, options: TSettingsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { settingsService, settings, securitySettings, audit, clock } = options;

  app.get(
    '/settings/workshop-defaults',
    // The order and repair forms need the prefixes and lead times; the branding comes from /api/config.
    apiRoute('signed-in', {
      tags: ['settings'],
      summary:
        'What every screen needs of Settings › general and › orders: number prefixes, lead times and offsite timings',
      response: { 200: resultWithData(ZWorkshopDefaultsSchema) },
    }),
    async () => ok(await settingsService.workshopDefaults()),
  );

  app.get(
    '/settings/general',
    apiRoute(sectionRolesOf('general'), {
      tags: ['settings'],
      summary: 'General settings: offsite rules and branding overrides of the workshop',
      response: { 200: resultWithData(ZWorkshopGeneralSettingsSchema) },
    }),
    async () => ok(await settingsService.generalSettings()),
  );

  app.put(
    '/settings/general',
    apiRoute(sectionRolesOf('general'), {
      tags: ['settings'],
      summary:
        'Change general settings (fields left out keep their value; a branding field set to null returns to the default)',
      body: ZWorkshopGeneralSettingsChangesSchema,
      response: { 200: resultWithData(ZWorkshopGeneralSettingsSchema) },
    }),
    async (request) => {
      const data = await settingsService.updateGeneralSettings(
        currentUserOf(request),
        request.body,
        requestContext(request),
      );
      return ok(data, 'General settings saved.');
    },
  );

  app.get(
    '/settings/orders',
    apiRoute(sectionRolesOf('orders'), {
      tags: ['settings'],
      summary: 'Order settings: order and repair number prefixes and default lead times',
      response: { 200: resultWithData(ZOrderSettingsSchema) },
    }),
    async () => ok(await settingsService.orderSettings()),
  );

  app.put(
    '/settings/orders',
    apiRoute(sectionRolesOf('orders'), {
      tags: ['settings'],
      summary: 'Change order settings (fields left out keep their value)',
      body: ZOrderSettingsChangesSchema,
      response: { 200: resultWithData(ZOrderSettingsSchema) },
    }),
    async (request) => {
      const data = await settingsService.updateOrderSettings(
        currentUserOf(request),
        request.body,
        requestContext(request),
      );
      return ok(data, 'Order settings saved.');
    },
  );

  app.get(
    '/settings/notifications',
    apiRoute(sectionRolesOf('notifications'), {
      tags: ['settings'],
      summary: 'The signed-in user’s own notification preferences',
      response: { 200: resultWithData(ZNotificationSettingsSchema) },
    }),
    async (request) => ok(await settingsService.notificationSettings(currentUserOf(request))),
  );

  app.put(
    '/settings/notifications',
    apiRoute(sectionRolesOf('notifications'), {
      tags: ['settings'],
      summary: 'Change one’s own notification preferences (fields left out keep their value)',
      body: ZNotificationSettingsChangesSchema,
      response: { 200: resultWithData(ZNotificationSettingsSchema) },
    }),
    async (request) => {
      const data = await settingsService.updateNotificationSettings(
        currentUserOf(request),
        request.body,
        requestContext(request),
      );
      return ok(data, 'Notification settings saved.');
    },
  );

  app.get(
    '/settings/security',
    apiRoute(sectionRolesOf('security'), {
      tags: ['settings'],
      summary: 'Security settings',
      response: { 200: resultWithData(ZSecuritySettingsSchema) },
    }),
    async () => ok(await securitySettings()),
  );

  app.put(
    '/settings/security',
    apiRoute(sectionRolesOf('security'), {
      tags: ['settings'],
      summary: 'Change security settings (fields left out keep their value); answers the stored settings',
      body: ZSecuritySettingsChangesSchema,
      response: { 200: resultWithData(ZSecuritySettingsSchema) },
    }),
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
      return ok(await securitySettings(), 'Security settings saved.');
    },
  );
}
