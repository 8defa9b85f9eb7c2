import { describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '../auth/roles';
import {
  canAccessSettingsSection,
  SETTINGS_SECTION_TITLES,
  SETTINGS_SECTIONS,
  type TSettingsSection,
  visibleSettingsSections,
  ZSettingsSectionSchema,
} from './sections';

const ALL = [...ROLES];
const ADMIN_MANAGER: TRole[] = ['admin', 'manager'];
const ADMIN: TRole[] = ['admin'];

// Spec §6 "Settings access", section by section.
const ALLOWED: Record<TSettingsSection, TRole[]> = {
  general: ADMIN_MANAGER,
  'tv-displays': ADMIN_MANAGER,
  'rfid-simulator': ADMIN_MANAGER,
  orders: ADMIN_MANAGER,
  'customer-messages': ADMIN_MANAGER,
  locations: ADMIN,
  departments: ADMIN,
  users: ADMIN,
  security: ADMIN,
  mqtt: ADMIN,
  'system-health': ADMIN,
  integrations: ADMIN,
  notifications: ALL,
};

describe('SETTINGS_SECTIONS', () => {
  it('lists the ten sections of spec §2 in order, then customer messages (issue 15 §5), system health (issue 36 §2) and integrations (issue 41)', () => {
    expect(SETTINGS_SECTIONS).toEqual([
      'general',
      'locations',
      'departments',
      'users',
      'notifications',
      'security',
      'tv-displays',
      'mqtt',
      'rfid-simulator',
      'orders',
      'customer-messages',
      'system-health',
      'integrations',
    ]);
  });

  it('gives every section a title', () => {
    for (const section of SETTINGS_SECTIONS) expect(SETTINGS_SECTION_TITLES[section]).toMatch(/\S/);
  });

  it('parses known sections and rejects others', () => {
    expect(ZSettingsSectionSchema.parse('mqtt')).toBe('mqtt');
    expect(ZSettingsSectionSchema.safeParse('billing').success).toBe(false);
  });
});

describe('canAccessSettingsSection (spec §6)', () => {
  const cases = SETTINGS_SECTIONS.flatMap((section) =>
    ROLES.map((role) => [section, role, ALLOWED[section].includes(role)] as const),
  );

  it.each(cases)('%s for %s → %s', (section, role, expected) => {
    expect(canAccessSettingsSection({ role }, section)).toBe(expected);
  });

  it.each(ROLES)('denies %s an unknown section', (role) => {
    expect(canAccessSettingsSection({ role }, 'billing')).toBe(false);
    expect(canAccessSettingsSection({ role }, 'General')).toBe(false);
    expect(canAccessSettingsSection({ role }, 'toString')).toBe(false);
  });

  it.each(ROLES)('allows %s the settings page when no section is given', (role) => {
    expect(canAccessSettingsSection({ role })).toBe(true);
    expect(canAccessSettingsSection({ role }, undefined)).toBe(true);
    expect(canAccessSettingsSection({ role }, null)).toBe(true);
    expect(canAccessSettingsSection({ role }, '')).toBe(true);
  });

  it('denies everything when there is no user', () => {
    for (const user of [null, undefined]) {
      expect(canAccessSettingsSection(user)).toBe(false);
      for (const section of SETTINGS_SECTIONS) expect(canAccessSettingsSection(user, section)).toBe(false);
    }
  });
});

describe('visibleSettingsSections', () => {
  it.each([
    ['admin', [...SETTINGS_SECTIONS]],
    ['manager', ['general', 'notifications', 'tv-displays', 'rfid-simulator', 'orders', 'customer-messages']],
    ['qa', ['notifications']],
  ] as const)('lists the sections %s may open, in display order', (role, expected) => {
    expect(visibleSettingsSections({ role })).toEqual(expected);
  });

  it('lists nothing without a user', () => {
    expect(visibleSettingsSections(null)).toEqual([]);
  });
});
