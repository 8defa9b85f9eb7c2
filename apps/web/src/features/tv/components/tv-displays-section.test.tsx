import type { TStationScreen, TTvDisplay } from '@loupe/domain/tv/tv-displays';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeDepartment, makeJobState, makeStation, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { TvDisplaysSection } from './tv-displays-section';

const NOW = new Date();
const bench = makeStation({ id: 'STATION000001', name: 'Bench 3' });
const wheel = makeStation({ id: 'STATION000002', name: 'Wheel 1' });
const departments = [
  makeDepartment({ id: 'DEPT001', name: 'Bench', stations: [bench] }),
  makeDepartment({ id: 'DEPT002', name: 'Polishing', stations: [wheel] }),
];

function display(overrides: Partial<TTvDisplay> & Pick<TTvDisplay, 'id' | 'name'>): TTvDisplay {
  return {
    stationId: bench.id,
    stationName: bench.name,
    departmentName: 'Bench',
    online: true,
    lastSeenAt: new Date(NOW.getTime() - 20_000).toISOString(),
    pairedAt: new Date(NOW.getTime() - 86_400_000).toISOString(),
    pairedBy: 'Mia Manager',
    ...overrides,
  };
}

const screenData: TStationScreen = {
  station: {
    id: bench.id,
    departmentId: 'D-1',
    name: 'Bench 3',
    jewelerName: 'Rosa Quint',
    departmentName: 'Bench',
  },
  here: [
    {
      kind: 'order',
      id: 'o1',
      number: 'ORD-00042',
      customerFirstName: 'Abigail',
      product: 'Ring',
      metal: '18k gold',
      promisedDate: '2030-01-10',
      isRush: true,
      arrivedAt: new Date(NOW.getTime() - 3_600_000).toISOString(),
      stationName: 'Bench 3',
      phaseName: 'Bench work',
      nextPhaseName: 'Setting',
      state: makeJobState({ isRush: true }),
    },
  ],
  dueNext: [],
  finishedToday: 4,
  timers: [],
  generatedAt: NOW.toISOString(),
};

function renderSection(route = '/settings/tv-displays') {
  return renderWithProviders(<TvDisplaysSection />, {
    user: makeUser('manager'),
    route,
    path: '/settings/tv-displays',
  });
}

describe('Settings › TV Displays', () => {
  beforeEach(() => {
    stubPointerApis();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('says how to start when no TV is paired', async () => {
    mockGet({ 'tv-displays': envelope([]), departments: page(departments) });
    renderSection();
    expect(await screen.findByText('No TVs paired yet')).toBeInTheDocument();
  });

  it('lists each display with its station and whether it is online, and previews what it shows', async () => {
    mockGet({
      'tv-displays': envelope([
        display({ id: 'd1', name: 'Bench 3 TV' }),
        display({ id: 'd2', name: 'Wheel TV', online: false, stationId: null, stationName: null }),
      ]),
      departments: page(departments),
      [`stations/${bench.id}/screen`]: envelope(screenData),
    });
    const user = userEvent.setup();
    renderSection();
    const table = await screen.findByRole('table', { name: 'TV displays' });
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('two displays expected');
    expect(within(first).getByText('Bench › Bench 3')).toBeInTheDocument();
    expect(within(first).getByText('Online')).toBeInTheDocument();
    expect(within(first).getByText(/Paired .* by Mia Manager/)).toBeInTheDocument();
    expect(within(second).getByText('Offline')).toBeInTheDocument();
    expect(within(second).getByText('No station: choose one')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Preview Wheel TV' })).toBeDisabled();

    await user.click(within(first).getByRole('button', { name: 'Preview Bench 3 TV' }));
    const preview = await screen.findByRole('region', { name: 'Preview of Bench 3 TV' });
    expect(await within(preview).findByText('ORD-00042')).toBeInTheDocument();
    expect(within(preview).getByText('Abigail · Ring · 18k gold')).toBeInTheDocument();
  });

  it('pairs a TV with its code, and shows the server’s word when the code is wrong', async () => {
    mockGet({ 'tv-displays': envelope([]), departments: page(departments) });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          code: 'CODE_INVALID',
          message: 'That code is not showing on any TV.',
          details: { issues: [{ field: 'body.code', message: 'No TV shows this code' }] },
        }),
      )
      .mockResolvedValueOnce(envelope(display({ id: 'd1', name: 'Bench 3 TV' })));
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Pair a TV' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Pair' }));
    expect(within(dialog).getByText('Enter the six-character code the TV shows')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Code on the TV'), 'acd-efg');
    await user.type(within(dialog).getByLabelText('Name'), 'Bench 3 TV');
    await user.click(within(dialog).getByRole('combobox', { name: 'Station' }));
    await user.click(await screen.findByRole('option', { name: 'Bench › Bench 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pair' }));
    expect(await within(dialog).findByText('No TV shows this code')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('tv-displays', {
      code: 'ACDEFG',
      name: 'Bench 3 TV',
      stationId: bench.id,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Pair' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToasts().map((toast) => toast.title)).toContain('Bench 3 TV is paired');
  });

  it('opens the pairing dialog with the code from the TV’s QR code', async () => {
    mockGet({ 'tv-displays': envelope([]), departments: page(departments) });
    renderSection('/settings/tv-displays?code=ACDEFG');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Code on the TV')).toHaveValue('ACDEFG');
  });

  it('revokes a display after asking', async () => {
    mockGet({
      'tv-displays': envelope([display({ id: 'd1', name: 'Bench 3 TV' })]),
      departments: page(departments),
    });
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue(envelope(null));
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Revoke Bench 3 TV' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Bench 3 TV?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('tv-displays/d1'));
  });
});
