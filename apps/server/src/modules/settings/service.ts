import { isAllowed } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { AppError } from '@loupe/domain/errors/errors';
import { effectiveBranding } from '@loupe/domain/settings/branding-settings';
import {
  applyNotificationSettingsChanges,
  parseStoredNotificationSettings,
  type TNotificationSettings,
  type TNotificationSettingsChanges,
} from '@loupe/domain/settings/notification-settings';
import {
  applyOrderSettingsChanges,
  prefixCollisionMessage,
  type TOrderSettings,
  type TOrderSettingsChanges,
  type TPrefixField,
  ZOrderSettingsSchema,
} from '@loupe/domain/settings/order-settings';
import { SETTINGS_SECTION_ACCESS, type TSettingsSection } from '@loupe/domain/settings/sections';
import { type TWorkshopDefaults, workshopDefaultsOf } from '@loupe/domain/settings/workshop-defaults';
import {
  applyWorkshopGeneralSettingsChanges,
  parseStoredWorkshopGeneralSettings,
  type TWorkshopGeneralSettings,
  type TWorkshopGeneralSettingsChanges,
} from '@loupe/domain/settings/workshop-general-settings';
import {
  type TPersonHours,
  type TWorkingCalendar,
  UNKNOWN_TIME_ZONE_MESSAGE,
  WORKING_CALENDAR_DEFAULTS,
  ZPersonHoursSchema,
  ZWorkingCalendarSchema,
} from '@loupe/domain/workflow/working-calendar';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { TClock } from '../../lib/clock.ts';
import { fieldError, forbidden } from '../../lib/service-errors.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TSettingsRepository } from './repository.ts';

/** Keys of the settings table. Notifications are per user; everything else is workshop-wide. */
export const GENERAL_SETTINGS_KEY = 'general';
/** Settings › orders: numbering and default promised dates, read by the orders and repairs modules. */
export const ORDER_SETTINGS_KEY = 'orders';
export const notificationSettingsKey = (userId: string) => `notifications:${userId}`;

// The stored object as it is: the domain's parsers fall back field by field (spec §5).
const ZStoredObjectSchema = z.record(z.string(), z.unknown());

export type TSettingsActor = TActor & { readonly id: string };

const WORKING_CALENDAR_KEY = 'working-calendar';
const personHoursKey = (userId: string) => `working-hours:${userId}`;

export type TSettingsServiceOptions = {
  readonly config: Pick<TConfig, 'COMPANY_NAME' | 'COMPANY_TAGLINE' | 'COMPANY_LOGO_URL'>;
  readonly settings: TSettingsRepository;
  readonly audit: TAuditRepository;
  readonly clock: TClock;
  /** Whether orders (or repairs) already carry numbers with this prefix: the other kind may not take it. */
  readonly isNumberPrefixInUse: (kind: 'order' | 'repair', prefix: string) => Promise<boolean>;
  /** After the working calendar is saved: the analytics rollups counted at its zone's midnights follow it. */
  readonly onWorkingCalendarChanged?: (calendar: TWorkingCalendar) => Promise<void>;
};

function prefixRefused(field: TPrefixField, message: string): AppError {
  return fieldError(`body.${field}`, message);
}

function assertMayEdit(actor: TActor, section: TSettingsSection): void {
  if (!isAllowed(actor, SETTINGS_SECTION_ACCESS[section])) {
    throw forbidden();
  }
}

/** Changes with the fields left out removed, for the audit log. */
function definedChanges(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/**
 * Settings › general (workshop-wide offsite rules and branding), Settings › orders (numbering and lead
 * times) and each user's own notification preferences.
 */
export function createSettingsService(options: TSettingsServiceOptions) {
  const { config, settings, audit, clock } = options;

  async function readGeneral(): Promise<TWorkshopGeneralSettings> {
    return parseStoredWorkshopGeneralSettings(await settings.read(GENERAL_SETTINGS_KEY, ZStoredObjectSchema));
  }

  /** Field by field: a stored value that no longer parses falls back to its default (spec §5). */
  async function readOrders(): Promise<TOrderSettings> {
    return ZOrderSettingsSchema.parse(await settings.read(ORDER_SETTINGS_KEY, ZStoredObjectSchema));
  }

  async function readNotifications(userId: string): Promise<TNotificationSettings> {
    return parseStoredNotificationSettings(
      await settings.read(notificationSettingsKey(userId), ZStoredObjectSchema),
    );
  }

  async function readPersonHours(userId: string): Promise<TPersonHours | null> {
    const stored = await settings.read(personHoursKey(userId), ZStoredObjectSchema);
    const parsed = ZPersonHoursSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  }

  return {
    /** The workshop's opening days and hours (Settings › general): workflow due times count only these. */
    async workingCalendar(): Promise<TWorkingCalendar> {
      return settings.read(WORKING_CALENDAR_KEY, ZWorkingCalendarSchema, WORKING_CALENDAR_DEFAULTS);
    },

    async updateWorkingCalendar(
      actor: TSettingsActor,
      calendar: TWorkingCalendar,
      context: TRequestContext,
    ): Promise<TWorkingCalendar> {
      assertMayEdit(actor, 'general');
      if (!(await settings.isTimeZoneKnown(calendar.timeZone))) {
        throw fieldError('body.timeZone', UNKNOWN_TIME_ZONE_MESSAGE);
      }
      await settings.write(WORKING_CALENDAR_KEY, calendar, actor.id);
      await audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: 'general',
        ...context,
        details: { section: 'general', changes: { workingCalendar: calendar } },
      });
      await options.onWorkingCalendarChanged?.(calendar);
      return calendar;
    },

    /** A person's own working days and hours; null when they work the workshop's. */
    personHours: readPersonHours,

    /** Stores a person's own hours (null: back to the workshop's); the workflow checks who may. */
    async savePersonHours(
      actorId: string,
      userId: string,
      hours: TPersonHours | null,
      context: TRequestContext,
    ): Promise<TPersonHours | null> {
      await settings.write(personHoursKey(userId), hours ?? {}, actorId);
      await audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId,
        subject: userId,
        ...context,
        details: { section: 'working-hours', changes: { hours } },
      });
      return hours;
    },

    /**
     * Settings › general as stored. GET /settings/general gives it to the section's roles only; the offsite
     * sweep reads it too.
     */
    generalSettings: readGeneral,

    /** What every signed-in user's screens need of general and orders (GET /settings/workshop-defaults). */
    async workshopDefaults(): Promise<TWorkshopDefaults> {
      const [orders, general] = await Promise.all([readOrders(), readGeneral()]);
      return workshopDefaultsOf(orders, general);
    },

    async updateGeneralSettings(
      actor: TSettingsActor,
      changes: TWorkshopGeneralSettingsChanges,
      context: TRequestContext,
    ): Promise<TWorkshopGeneralSettings> {
      assertMayEdit(actor, 'general');
      const value = applyWorkshopGeneralSettingsChanges(await readGeneral(), changes);
      await settings.write(GENERAL_SETTINGS_KEY, value, actor.id);
      await audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: 'general',
        ...context,
        details: { section: 'general', changes: definedChanges(changes) },
      });
      return readGeneral();
    },

    /** The branding the shell shows: stored overrides before the installation's configuration. */
    async branding(): Promise<{ companyName: string; tagline: string; logoUrl?: string }> {
      const stored = await readGeneral();
      return effectiveBranding(stored, {
        companyName: config.COMPANY_NAME,
        tagline: config.COMPANY_TAGLINE,
        logoUrl: config.COMPANY_LOGO_URL,
      });
    },

    /** Settings › orders as stored; the section's roles read it (the forms use workshopDefaults). */
    orderSettings: readOrders,

    async updateOrderSettings(
      actor: TSettingsActor,
      changes: TOrderSettingsChanges,
      context: TRequestContext,
    ): Promise<TOrderSettings> {
      assertMayEdit(actor, 'orders');
      const defined = definedChanges(changes);
      const applied = applyOrderSettingsChanges(await readOrders(), changes);
      if (!applied.ok) {
        const [issue] = applied.issues;
        if (issue) throw prefixRefused(issue.field, issue.message);
      }
      // Numbers made under an earlier prefix count too: a prefix the other kind ever numbered with stays its.
      const taken: readonly [TPrefixField, string | undefined, 'order' | 'repair'][] = [
        ['orderNumberPrefix', changes.orderNumberPrefix, 'repair'],
        ['repairNumberPrefix', changes.repairNumberPrefix, 'order'],
      ];
      for (const [field, prefix, otherKind] of taken) {
        if (prefix !== undefined && (await options.isNumberPrefixInUse(otherKind, prefix))) {
          throw prefixRefused(field, prefixCollisionMessage(field, prefix));
        }
      }
      const value = ZOrderSettingsSchema.parse({ ...(await readOrders()), ...defined });
      await settings.write(ORDER_SETTINGS_KEY, value, actor.id);
      await audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: 'orders',
        ...context,
        details: { section: 'orders', changes: defined },
      });
      return readOrders();
    },

    /** A user's preferences for the server's own use: which notices reach their bell. */
    noticePreferences: readNotifications,

    /** The caller's own preferences; nobody reads another user's. */
    async notificationSettings(actor: TSettingsActor): Promise<TNotificationSettings> {
      assertMayEdit(actor, 'notifications');
      return readNotifications(actor.id);
    },

    async updateNotificationSettings(
      actor: TSettingsActor,
      changes: TNotificationSettingsChanges,
      context: TRequestContext,
    ): Promise<TNotificationSettings> {
      assertMayEdit(actor, 'notifications');
      const key = notificationSettingsKey(actor.id);
      const value = applyNotificationSettingsChanges(await readNotifications(actor.id), changes);
      await settings.write(key, value, actor.id);
      await audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: key,
        ...context,
        details: { section: 'notifications', changes: definedChanges(changes) },
      });
      return readNotifications(actor.id);
    },
  };
}

export type TSettingsService = ReturnType<typeof createSettingsService>;
