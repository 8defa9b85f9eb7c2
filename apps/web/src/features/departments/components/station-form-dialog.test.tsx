import { ANTENNA_MESSAGE } from '@loupe/domain/registry/readers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeStation } from '@/test/factories';
import { renderWithRegistryProviders } from '@/test/registry-test-utils';
import { StationFormDialog } from './station-form-dialog';

// Typing through userEvent is slow on a shared CI core; the default 5 s is too tight for these forms.
describe('StationFormDialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('checks the name and antenna, then adds the station to its department', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      success: true,
      data: makeStation({ id: 'STATION123456', name: 'Bench 4', antennaNumber: 4 }),
    });
    const user = userEvent.setup();
    renderWithRegistryProviders(
      <StationFormDialog
        mode="create"
        departmentId="DEPT001"
        departmentName="Casting"
        trigger={<Button>Open form</Button>}
      />,
      { role: 'manager' },
    );
    await user.click(screen.getByRole('button', { name: 'Open form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a station to Casting' });
    const antenna = within(dialog).getByRole('spinbutton', { name: 'Antenna number' });
    expect(antenna).toHaveValue(1);
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();

    await user.clear(antenna);
    await user.type(antenna, '65');
    await user.click(within(dialog).getByRole('button', { name: 'Add station' }));
    expect(await within(dialog).findByText('Enter a station name')).toBeInTheDocument();
    expect(within(dialog).getByText(ANTENNA_MESSAGE)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bench 4');
    await user.clear(antenna);
    await user.type(antenna, '4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Jeweler name (optional)' }), 'Ana Silva');
    await user.click(within(dialog).getByRole('button', { name: 'Add station' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('departments/DEPT001/stations', {
      name: 'Bench 4',
      antennaNumber: 4,
      jewelerName: 'Ana Silva',
      specialization: null,
      status: null,
      isActive: true,
    });
    expect(getToasts()[0]?.title).toBe('Station Bench 4 was added');
  });

  it('edits a station, and shows the server refusing the save', async () => {
    const station = makeStation({ id: 'STATION000001', name: 'Bench 1', antennaNumber: 2, status: 'Busy' });
    const patch = vi
      .spyOn(apiClient, 'patch')
      .mockRejectedValue(new ApiError({ message: 'Antenna 3 is taken by Bench 2', status: 409 }));
    const user = userEvent.setup();
    renderWithRegistryProviders(
      <StationFormDialog mode="edit" station={station} trigger={<Button>Open form</Button>} />,
      { role: 'admin' },
    );
    await user.click(screen.getByRole('button', { name: 'Open form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit station Bench 1' });
    expect(within(dialog).getByRole('textbox', { name: /^Status/ })).toHaveValue('Busy');
    const antenna = within(dialog).getByRole('spinbutton', { name: 'Antenna number' });
    await user.clear(antenna);
    await user.type(antenna, '3');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save station' }));
    expect(await within(dialog).findByText('Antenna 3 is taken by Bench 2')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('stations/STATION000001', {
      name: 'Bench 1',
      antennaNumber: 3,
      jewelerName: null,
      specialization: null,
      status: 'Busy',
      isActive: false,
    });
  });
});
