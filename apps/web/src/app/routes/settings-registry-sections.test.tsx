import type { TRole } from '@loupe/domain/auth/roles';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { ORDER_SETTINGS_DEFAULTS } from '@loupe/domain/settings/order-settings';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, type TRequestOptions } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { makeDepartment, makeLocation, makeUser } from '@/test/factories';
import { page, stubPointerApis } from '@/test/registry-test-utils';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { SettingsScreen } from './settings-screen';

const MAIN = makeLocation({ id: 'LOC001', name: 'Main Workshop', departmentCount: 1 });
const CASTING = makeDepartment({ id: 'DEPT001', name: 'Casting' });

function renderSettings(role: TRole, section: string) {
  return renderWithSettingsProviders(
    <Routes>
      <Route path="/settings/:section" element={<SettingsScreen />} />
    </Routes>,
    { user: makeUser(role), route: `/settings/${section}` },
  );
}

describe('Settings › locations, departments and orders', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubResizeObserver();
    stubPointerApis();
    window.localStorage.clear();
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string, options?: TRequestOptions) => {
      if (path === 'locations') return page([MAIN]);
      if (path === 'departments' && options?.searchParams?.locationId === 'LOC001') return page([CASTING]);
      if (path === 'settings/orders') return { success: true, data: ORDER_SETTINGS_DEFAULTS };
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('shows an admin the locations, with their management', async () => {
    renderSettings('admin', 'locations');
    const section = screen.getByRole('region', { name: 'Locations' });
    expect(await within(section).findByText('Main Workshop')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add location' })).toBeInTheDocument();
    expect(within(section).queryByText(/^Arrives with/)).toBeNull();
  });

  it('shows an admin the departments with management, export and import', async () => {
    renderSettings('admin', 'departments');
    const section = screen.getByRole('region', { name: 'Departments' });
    expect(await within(section).findByRole('article', { name: 'Casting' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Delete Casting' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /^Export departments/ })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /^Import departments/ })).toBeInTheDocument();
  });

  it.each(['admin', 'manager'] as const)('lets %s edit the order settings', async (role) => {
    renderSettings(role, 'orders');
    const section = screen.getByRole('region', { name: 'Orders' });
    expect(await within(section).findByRole('textbox', { name: 'Order number prefix' })).toHaveValue(
      ORDER_SETTINGS_DEFAULTS.orderNumberPrefix,
    );
    expect(within(section).getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it.each(['locations', 'departments'])('denies a manager the %s section', (section) => {
    renderSettings('manager', section);
    expect(screen.getByRole('heading', { name: ERROR_MESSAGES.accessDenied })).toBeInTheDocument();
    expect(apiClient.get).not.toHaveBeenCalled();
  });

  it.each(['salesperson', 'operator'] as const)('denies %s the orders section', (role) => {
    renderSettings(role, 'orders');
    expect(screen.getByRole('heading', { name: ERROR_MESSAGES.accessDenied })).toBeInTheDocument();
    expect(apiClient.get).not.toHaveBeenCalled();
  });
});
