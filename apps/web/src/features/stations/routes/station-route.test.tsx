import type { TStationWithDepartment } from '@loupe/domain/registry/stations';
import type { TStationItem, TStationScanResult } from '@loupe/domain/tracking/tracking-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { renderWithRegistryProviders } from '@/test/registry-test-utils';
import { StationRoute } from './station-route';

const STATION: TStationWithDepartment = {
  id: 'STATION123456',
  name: 'Polishing wheel',
  lastSeen: null,
  antennaNumber: 1,
  isActive: true,
  signalStrength: null,
  jewelerName: 'Rosa Quint',
  specialization: 'High polish',
  status: null,
  itemCount: 1,
  role: 'work',
  departmentId: 'DEPT004',
  departmentName: 'Polishing',
};

const HERE: TStationItem = {
  kind: 'order',
  id: 'ord-1',
  number: 'ORD-00042',
  customerName: 'Maria Lopez',
  epc: 'E2801160600002084A6D3F12',
  status: 'active',
  arrivedAt: new Date(Date.now() - 130 * 60_000).toISOString(),
  lastSeen: new Date().toISOString(),
};

const SCANNED_AT = new Date('2025-06-15T12:00:00.000Z');

const MOVED: TStationScanResult = {
  outcome: 'moved',
  epc: 'E2801160600002084A6D3F99',
  item: { kind: 'repair', id: 'rep-7', number: 'REP-00007' },
  returnedFromOffsite: false,
  message: 'REP-00007 moved to Polishing wheel.',
};

function stubGets({
  station = STATION,
  items = [HERE],
}: {
  station?: TStationWithDepartment;
  items?: TStationItem[];
}) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
    if (path === `stations/${STATION.id}`) return { success: true, data: station };
    if (path === `tracking/stations/${STATION.id}/items`) return { success: true, data: items };
    throw new Error(`unexpected GET ${path}`);
  });
}

function renderStation(departmentId = STATION.departmentId) {
  return renderWithRegistryProviders(
    <Routes>
      <Route path={paths.stationDetail} element={<StationRoute />} />
    </Routes>,
    { role: 'production', route: `/departments/${departmentId}/stations/${STATION.id}` },
  );
}

async function startScanning() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Start scan mode' }));
  const field = screen.getByRole('textbox', { name: 'Scanned tag' });
  expect(field).toHaveFocus();
  return { user, field };
}

describe('StationRoute', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the station, who works there and what stands there now, with how long', async () => {
    stubGets({});
    renderStation();

    expect(await screen.findByRole('heading', { level: 1, name: 'Polishing wheel' })).toBeInTheDocument();
    expect(screen.getByText('Polishing · Rosa Quint · High polish')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Items at Polishing wheel' });
    const row = within(list).getByRole('listitem', { name: 'ORD-00042' });
    expect(within(row).getByRole('link', { name: 'ORD-00042' })).toHaveAttribute('href', '/orders/ord-1');
    expect(within(row).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(row).getByText('Here for 2 h 10 min')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Here now (1)' })).toBeInTheDocument();
  });

  it('says so when nothing stands at the station', async () => {
    stubGets({ items: [] });
    renderStation();
    expect(await screen.findByRole('heading', { name: 'Nothing here right now' })).toBeInTheDocument();
  });

  it('sends each scan typed by a wedge scanner and Enter, normalized and with its time, and logs its outcome', async () => {
    // Only the clock is faked: the user events keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SCANNED_AT);
    stubGets({});
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true, data: MOVED });
    renderStation();
    const { user, field } = await startScanning();

    await user.type(field, 'e2 80 11 60 60 00 02 08 4a 6d 3f 99{Enter}');

    expect(post).toHaveBeenCalledWith(`tracking/stations/${STATION.id}/scans`, {
      epc: 'E2801160600002084A6D3F99',
      scannedAt: SCANNED_AT.toISOString(),
    });
    expect(field).toHaveValue('');
    const log = screen.getByRole('list', { name: 'Scan log' });
    const entry = await within(log).findByText('Moved here');
    const row = entry.closest('li') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'REP-00007' })).toHaveAttribute('href', '/repairs/rep-7');
    expect(within(row).getByText(/moved to Polishing wheel/)).toBeInTheDocument();
    expect(screen.getByText('1 scan, 1 moved here.')).toBeInTheDocument();
  });

  it('logs what is not a tag without sending it', async () => {
    stubGets({});
    const post = vi.spyOn(apiClient, 'post');
    renderStation();
    const { user, field } = await startScanning();

    await user.type(field, 'ORD-00042{Enter}');

    const log = screen.getByRole('list', { name: 'Scan log' });
    const row = within(log).getByRole('listitem', { name: 'ORD-00042' });
    expect(within(row).getByText('Not a tag')).toBeInTheDocument();
    expect(within(row).getByText('EPC must contain only hexadecimal digits')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ['no answer came back', new ApiError({ message: 'The server could not be reached', status: 0 })],
    ['the server failed', new ApiError({ message: 'The server is unavailable.', status: 503 })],
  ])(
    'keeps a scan that could not be sent (%s), with Retry, and sends it again with its own time',
    async (_, failure) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(SCANNED_AT);
      stubGets({});
      const post = vi
        .spyOn(apiClient, 'post')
        .mockRejectedValueOnce(failure)
        .mockResolvedValueOnce({ success: true, data: MOVED });
      renderStation();
      const { user, field } = await startScanning();

      await user.type(field, `${MOVED.epc}{Enter}`);

      const row = screen.getByRole('listitem', { name: MOVED.epc });
      expect(await within(row).findByText('Not sent')).toBeInTheDocument();
      expect(within(row).getByText(failure.message)).toBeInTheDocument();
      // Retried a minute later, the scan still says when it was scanned: a newer read elsewhere wins.
      vi.setSystemTime(SCANNED_AT.getTime() + 60_000);
      await user.click(within(row).getByRole('button', { name: 'Retry' }));
      expect(await within(row).findByText('Moved here')).toBeInTheDocument();
      expect(post).toHaveBeenCalledTimes(2);
      const scan = { epc: MOVED.epc, scannedAt: SCANNED_AT.toISOString() };
      expect(post).toHaveBeenNthCalledWith(1, `tracking/stations/${STATION.id}/scans`, scan);
      expect(post).toHaveBeenNthCalledWith(2, `tracking/stations/${STATION.id}/scans`, scan);
      expect(within(row).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    },
  );

  it.each([
    [
      'the station was deleted',
      new ApiError({ message: 'Station STATION123456 does not exist.', status: 404, code: 'NOT_FOUND' }),
    ],
    [
      'the user may not scan here',
      new ApiError({ message: 'You do not have permission.', status: 403, code: 'FORBIDDEN' }),
    ],
    [
      'the scan was invalid',
      new ApiError({ message: 'EPC is invalid.', status: 400, code: 'VALIDATION_FAILED' }),
    ],
  ])('shows why a refused scan was refused, without a Retry that cannot help (%s)', async (_, refusal) => {
    stubGets({});
    const post = vi.spyOn(apiClient, 'post').mockRejectedValueOnce(refusal);
    renderStation();
    const { user, field } = await startScanning();

    await user.type(field, `${MOVED.epc}{Enter}`);

    const row = screen.getByRole('listitem', { name: MOVED.epc });
    expect(await within(row).findByText('Refused')).toBeInTheDocument();
    expect(within(row).getByText(refusal.message)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('offers to resume when the scan field loses focus, and stops on request', async () => {
    stubGets({});
    renderStation();
    const { user, field } = await startScanning();
    expect(screen.getByText('Ready: scan an envelope.')).toBeInTheDocument();

    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.click(screen.getByRole('button', { name: 'Resume scanning' }));
    expect(field).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Stop scan mode' }));
    expect(screen.queryByRole('textbox', { name: 'Scanned tag' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start scan mode' })).toBeInTheDocument();
  });

  it('shows "Station not found" for an unknown station or one of another department', async () => {
    stubGets({});
    const { unmount } = renderStation('DEPT999');
    expect(await screen.findByRole('heading', { name: 'Station not found' })).toBeInTheDocument();
    unmount();

    vi.restoreAllMocks();
    vi.spyOn(apiClient, 'get').mockRejectedValue(
      new ApiError({ message: 'Station STATION123456 does not exist.', status: 404, code: 'NOT_FOUND' }),
    );
    renderStation();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Station not found' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Back to departments' })).toHaveAttribute('href', '/departments');
  });
});
