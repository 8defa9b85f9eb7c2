import { z } from 'zod';
import { ADMIN_ROLES, isAllowed, RFID_SIMULATOR_ROLES, type TRoleAccess } from '../auth/permissions';
import type { TActor, TRole } from '../auth/roles';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/** The settings sections of spec §2 with their titles, in display order. */
export const SETTINGS_SECTION_TITLES = {
  general: 'General',
  locations: 'Locations',
  departments: 'Departments',
  users: 'Users',
  notifications: 'Notifications',
  security: 'Security',
  'tv-displays': 'TV Displays',
  mqtt: 'MQTT',
  'rfid-simulator': 'RFID Simulator',
  orders: 'Orders',
  // Issue 15 §5: templates, the SMS sender and the outbox of messages to customers.
  'customer-messages': 'Customer messages',
  // Issue 36 §2: the browsers' errors and request timings, for admins (spec §2 has no other admin page).
  'system-health': 'System health',
  // Issue 41: webhooks to other systems, with their delivery log (admins only).
  integrations: 'Integrations',
} as const;
export const SETTINGS_SECTIONS = keysOf(SETTINGS_SECTION_TITLES);
export const ZSettingsSectionSchema = lazySchema(() => z.enum(SETTINGS_SECTIONS));
export type TSettingsSection = z.infer<typeof ZSettingsSectionSchema>;

const ADMIN_MANAGER = ['admin', 'manager'] as const satisfies readonly TRole[];

/** Settings access of spec §6. */
export const SETTINGS_SECTION_ACCESS: Readonly<Record<TSettingsSection, TRoleAccess>> = {
  general: ADMIN_MANAGER,
  'tv-displays': ADMIN_MANAGER,
  'rfid-simulator': RFID_SIMULATOR_ROLES,
  orders: ADMIN_MANAGER,
  'customer-messages': ADMIN_MANAGER,
  locations: ADMIN_ROLES,
  departments: ADMIN_ROLES,
  users: ADMIN_ROLES,
  security: ADMIN_ROLES,
  mqtt: ADMIN_ROLES,
  'system-health': ADMIN_ROLES,
  integrations: ADMIN_ROLES,
  notifications: 'all',
};

/**
 * Spec §6: no user → denied; no section given → allowed (the settings page itself); unknown section → denied.
 * An empty section (`?section=`) counts as none given.
 */
export function canAccessSettingsSection(user: TActor | null | undefined, section?: string | null): boolean {
  if (!user) return false;
  if (section === undefined || section === null || section === '') return true;
  const parsed = ZSettingsSectionSchema.safeParse(section);
  if (!parsed.success) return false;
  return isAllowed(user, SETTINGS_SECTION_ACCESS[parsed.data]);
}

/** The sections a user may open, in display order (for the settings tabs). */
export function visibleSettingsSections(user: TActor | null | undefined): TSettingsSection[] {
  return SETTINGS_SECTIONS.filter((section) => canAccessSettingsSection(user, section));
}
