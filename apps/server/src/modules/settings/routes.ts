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
import {
  ZWorkshopGeneralSettingsChangesSchema,
  ZWorkshopGeneralSettingsSchema,
} from '@loupe/domain/settings/workshop-general-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultWithData } from '../../lib/api-response.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TSettingsRepository } from './repository.ts';
import type { TSettingsService } from './service.ts';

/** The OpenAPI security requirement: a bearer id token. */
const bearerDoc = { security: [{ idToken: [] }] };

/** Who may change a section: the settings access table of spec §6, where 'all' means any signed-in user. */
function editorsOf(section: TSettingsSection): TAccess {
  const access = SETTINGS_SECTION_ACCESS[section];
  return access === 'all' ? 'signed-in' : access;
}

/**
 * Settings sections: security (self-registration, session lifetimes) is admin only; general (offsite rules and
 * branding) and orders (numbering, lead times) are read by everyone and changed by their section's roles;
 * notifications are each user's own (spec §6).
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
    '/settings/general',
    {
      // Every screen needs the offsite rules and the branding, so every signed-in user reads them.
      config: { access: 'signed-in' },
      schema: {
        tags: ['settings'],
        summary: 'General settings: offsite rules and branding overrides of the workshop',
        ...bearerDoc,
        response: { 200: resultWithData(ZWorkshopGeneralSettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await settingsService.generalSettings() }),
  );

  app.put(
    '/settings/general',
    {
      config: { access: editorsOf('general') },
      schema: {
        tags: ['settings'],
        summary:
          'Change general settings (fields left out keep their value; a branding field set to null returns to the default)',
        ...bearerDoc,
        body: ZWorkshopGeneralSettingsChangesSchema,
        response: { 200: resultWithData(ZWorkshopGeneralSettingsSchema) },
      },
    },
    async (request) => {
      const data = await settingsService.updateGeneralSettings(
        currentUserOf(request),
        request.body,
        requestContext(request),
      );
      return { success: true as const, message: 'General settings saved.', data };
    },
  );

  app.get(
    '/settings/orders',
    {
      // Whoever takes in an order or a repair sees how it will be numbered and when it is promised.
      config: { access: 'signed-in' },
      schema: {
        tags: ['settings'],
        summary: 'Order settings: order and repair number prefixes and default lead times',
        ...bearerDoc,
        response: { 200: resultWithData(ZOrderSettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await settingsService.orderSettings() }),
  );

  app.put(
    '/settings/orders',
    {
      config: { access: editorsOf('orders') },
      schema: {
        tags: ['settings'],
        summary: 'Change order settings (fields left out keep their value)',
        ...bearerDoc,
        body: ZOrderSettingsChangesSchema,
        response: { 200: resultWithData(ZOrderSettingsSchema) },
      },
    },
    async (request) => {
      const data = await settingsService.updateOrderSettings(
        currentUserOf(request),
        request.body,
        requestContext(request),
      );
      return { success: true as const, message: 'Order settings saved.', data };
    },
  );

  app.get(
    '/settings/notifications',
    {
      config: { access: editorsOf('notifications') },
      schema: {
        tags: ['settings'],
        summary: 'The signed-in user’s own notification preferences',
        ...bearerDoc,
        response: { 200: resultWithData(ZNotificationSettingsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settingsService.notificationSettings(currentUserOf(request)),
    }),
  );

  app.put(
    '/settings/notifications',
    {
      config: { access: editorsOf('notifications') },
      schema: {
        tags: ['settings'],
        summary: 'Change one’s own notification preferences (fields left out keep their value)',
        ...bearerDoc,
        body: ZNotificationSettingsChangesSchema,
        response: { 200: resultWithData(ZNotificationSettingsSchema) },
      },
    },
    async (request) => {
      const data = await settingsService.updateNotificationSettings(
        currentUserOf(request),
        request.body,
        requestContext(request),
      );
      return { success: true as const, message: 'Notification settings saved.', data };
    },
  );

  app.get(
    '/settings/security',
    {
      config: { access: editorsOf('security') },
      schema: {
        tags: ['settings'],
        summary: 'Security settings',
        ...bearerDoc,
        response: { 200: resultWithData(ZSecuritySettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await securitySettings() }),
  );

  app.put(
    '/settings/security',
    {
      config: { access: editorsOf('security') },
      schema: {
        tags: ['settings'],
        summary: 'Change security settings (fields left out keep their value); answers the stored settings',
        ...bearerDoc,
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
