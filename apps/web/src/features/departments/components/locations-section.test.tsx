import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeLocation, makeUser } from '@/test/factories';
import { stubRegistryGets } from '@/test/registry-test-utils';
import { renderWithSettingsProviders } from '@/test/settings-test-utils';
import { LocationsSection } from './locations-section';

const MAIN = makeLocation({
  id: 'LOC001',
  name: 'Main Workshop',
  address: '1 High Street',
  departmentCount: 3,
});
const ANNEX = makeLocation({ id: 'LOC002', name: 'Annex' });

function renderLocations() {
  return renderWithSettingsProviders(<LocationsSection />, { user: makeUser('admin') });
}

describe('LocationsSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubRegistryGets({ locations: [MAIN, ANNEX], departments: [] });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('lists the locations with their department counts', async () => {
    renderLocations();
    const main = (await screen.findByText('Main Workshop')).closest('tr') as HTMLElement;
    expect(within(main).getByText('LOC001 · 1 High Street')).toBeInTheDocument();
    expect(within(main).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit location Annex' })).toBeInTheDocument();
  });

  it('adds a location after checking its name', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      success: true,
      data: makeLocation({ id: 'LOC003', name: 'Studio' }),
    });
    const user = userEvent.setup();
    renderLocations();
    await user.click(await screen.findByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a location' });
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(dialog).findByText('Enter a location name')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Studio');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('locations', { name: 'Studio', address: '', description: '' });
    expect(getToasts()[0]?.title).toBe('Studio was added');
  });

  it('renames a location', async () => {
    const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue({
      success: true,
      data: { ...ANNEX, name: 'North Annex' },
    });
    const user = userEvent.setup();
    renderLocations();
    await user.click(await screen.findByRole('button', { name: 'Edit location Annex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Annex' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'North Annex');
    await user.click(within(dialog).getByRole('button', { name: 'Save location' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('locations/LOC002', {
        name: 'North Annex',
        address: '',
        description: '',
      }),
    );
  });

  it('deletes only after confirmation, and shows why the server refused', async () => {
    const refusal = 'Main Workshop still has 3 departments. Move or delete them before deleting it.';
    const remove = vi
      .spyOn(apiClient, 'delete')
      .mockRejectedValue(new ApiError({ message: refusal, status: 409, code: 'CONFLICT' }));
    const user = userEvent.setup();
    renderLocations();
    await user.click(await screen.findByRole('button', { name: 'Delete location Main Workshop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Main Workshop?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete location' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('locations/LOC001');
  });

  it('says so when there is no location yet', async () => {
    vi.restoreAllMocks();
    stubRegistryGets({ locations: [], departments: [] });
    renderLocations();
    expect(await screen.findByRole('heading', { name: 'No locations yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add location' })).toBeInTheDocument();
  });
});
