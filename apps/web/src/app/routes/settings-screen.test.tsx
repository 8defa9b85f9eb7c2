import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { SettingsScreen } from './settings-screen';

// Spec §6 "Settings access", written out per role, in the display order of spec §2, then everyone's Profile.
const EXPECTED_MENU: Record<TRole, string[]> = {
  admin: [
    'General',
    'Locations',
    'Departments',
    'Users',
    'Notifications',
    'Security',
    'TV Displays',
    'MQTT',
    'RFID Simulator',
    'Orders',
    'Customer messages',
    'System health',
    'Integrations',
    'Profile',
  ],
  manager: [
    'General',
    'Notifications',
    'TV Displays',
    'RFID Simulator',
    'Orders',
    'Customer messages',
    'Profile',
  ],
  salesperson: ['Notifications', 'Profile'],
  designer: ['Notifications', 'Profile'],
  operator: ['Notifications', 'Profile'],
  production: ['Notifications', 'Profile'],
  qa: ['Notifications', 'Profile'],
};

function renderSettings(role: TRole | null, route = '/settings') {
  return renderWithSettingsProviders(
    <Routes>
      <Route path="/settings" element={<SettingsScreen />} />
      <Route path="/settings/:section" element={<SettingsScreen />} />
    </Routes>,
    { user: role ? makeUser(role) : null, route },
  );
}

function menuEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Settings sections' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('SettingsRoute', () => {
  beforeEach(() => {
    stubResizeObserver();
    // Every section a test opens reads seeded data; a request reaching the client is a bug in the test.
    vi.spyOn(apiClient, 'get').mockRejectedValue(new Error('unexpected GET'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('covers the seven roles', () => {
    expect(Object.keys(EXPECTED_MENU).sort()).toEqual([...ROLES].sort());
  });

  it.each(ROLES)('shows %s exactly the sections spec §6 allows, plus Profile', (role) => {
    renderSettings(role);
    expect(menuEntries()).toEqual(EXPECTED_MENU[role]);
  });

  it.each(ROLES)('opens the first section of the menu on /settings for %s', (role) => {
    renderSettings(role);
    const first = EXPECTED_MENU[role][0];
    expect(screen.getByRole('link', { name: first })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('region', { name: first })).toBeInTheDocument();
  });

  it('links each entry to its own path', () => {
    renderSettings('admin');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/settings/users');
    expect(screen.getByRole('link', { name: 'TV Displays' })).toHaveAttribute(
      'href',
      '/settings/tv-displays',
    );
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/settings/profile');
  });

  it.each([
    ['salesperson', 'users'],
    ['qa', 'general'],
    ['designer', 'orders'],
    ['manager', 'security'],
    ['manager', 'users'],
    ['operator', 'mqtt'],
    ['admin', 'billing'],
    ['admin', 'toString'],
  ] as const)('denies %s the %s section', (role, section) => {
    renderSettings(role, `/settings/${section}`);
    expect(screen.getByRole('heading', { name: ERROR_MESSAGES.accessDenied })).toBeInTheDocument();
    // The menu stays, so the user can go somewhere they may.
    expect(menuEntries()).toEqual(EXPECTED_MENU[role]);
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('opens TV Displays with its pairing button for a manager', () => {
    renderSettings('manager', '/settings/tv-displays');
    const section = screen.getByRole('region', { name: 'TV Displays' });
    expect(within(section).getByRole('button', { name: 'Pair a TV' })).toBeInTheDocument();
  });

  it('lets every role open their profile', () => {
    renderSettings('qa', '/settings/profile');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Test');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });

  it('shows a manager the general settings they may edit', () => {
    renderSettings('manager', '/settings/general');
    expect(screen.getByRole('spinbutton', { name: 'Offsite timeout (minutes)' })).toHaveValue(30);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('denies everything without a user', () => {
    renderSettings(null, '/settings/notifications');
    expect(screen.getByRole('heading', { name: ERROR_MESSAGES.accessDenied })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).queryAllByRole('link')).toEqual([]);
  });
});
