import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { envelope, mockGet, notFound, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeRepair, REPAIR_ID } from '../repair-fixtures';
import { RepairDetail } from './repair-detail';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const EPC = 'E200001D8A1B';

const SUMMARY: TTrackedItemSummary = {
  epc: EPC,
  status: 'offsite',
  departmentId: 'DEPT001',
  departmentName: 'Setting',
  stationId: 'STATION1',
  stationName: 'Bench 1',
  arrivedAt: '2025-06-15T08:00:00.000Z',
  lastSeen: '2025-06-15T09:00:00.000Z',
  offsiteDetectedAt: '2025-06-15T10:00:00.000Z',
  offsiteReturnedAt: null,
  isExpectedOffsite: false,
};

const TRACKED = envelope({
  repairId: REPAIR_ID,
  repairNumber: 'REP-00007',
  epcCode: EPC,
  status: 'offsite',
  currentLocation: {
    departmentId: 'DEPT001',
    departmentName: 'Setting',
    stationId: 'STATION1',
    stationName: 'Bench 1',
    machineId: null,
    antennaNumber: 1,
    timestamp: '2025-06-15T08:00:00.000Z',
    epc: EPC,
  },
  locationHistory: [
    {
      location: 'Setting - Bench 1',
      department: 'Setting',
      timestamp: '2025-06-15T08:00:00.000Z',
      duration: 65,
      currentDepartment: { id: 'DEPT001', name: 'Setting', gradient: 'from-sky-500 to-sky-700' },
      currentStation: { id: 'STATION1', name: 'Bench 1' },
    },
    {
      location: 'Intake - Counter',
      department: 'Intake',
      timestamp: '2025-06-15T06:55:00.000Z',
      duration: 0,
      currentDepartment: { id: 'DEPT000', name: 'Intake', gradient: 'from-sky-500 to-sky-700' },
      currentStation: { id: 'STATION0', name: 'Counter' },
    },
  ],
  lastSeen: '2025-06-15T09:00:00.000Z',
  offsiteDetectedAt: '2025-06-15T10:00:00.000Z',
  offsiteReturnedAt: null,
  isExpectedOffsite: false,
});

function renderDetail(
  role: Parameters<typeof makeUser>[0],
  repair = makeRepair(),
  tracking: unknown = notFound(),
) {
  mockGet({
    [`repairs/${REPAIR_ID}`]: envelope(repair),
    [`tracking/repairs/${REPAIR_ID}`]: tracking,
    [`tracking/repairs/${REPAIR_ID}/location-history`]: envelope({ isTracked: false, locationHistory: [] }),
    [`repairs/${REPAIR_ID}/history`]: page([]),
    [`repairs/${REPAIR_ID}/tracking-link`]: envelope({ link: null }),
  });
  return renderWithProviders(<RepairDetail repairId={REPAIR_ID} now={() => NOW} />, {
    user: makeUser(role),
    route: `/repairs/${REPAIR_ID}`,
    path: '/repairs/:repairId',
  });
}

describe('RepairDetail', { timeout: 20_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('assigns a typed EPC to the repair with the repairs endpoint', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true });
    const user = userEvent.setup();
    renderDetail('operator');
    expect(await screen.findByText('Sizing, Prong retipping')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Tag EPC' }), '0xe200 001d 8a1b{Enter}');
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('tracking/repairs/assign-epc', {
        repairId: REPAIR_ID,
        epcCode: EPC,
        repairNumber: 'REP-00007',
      }),
    );
  });

  it('lets a salesperson bring an offsite repair back but not retag or stop it', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true });
    const user = userEvent.setup();
    renderDetail('salesperson', makeRepair({ tracking: SUMMARY }), TRACKED);
    await user.click(await screen.findByRole('button', { name: 'Return from offsite' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`tracking/repairs/${REPAIR_ID}/return`));
    expect(screen.getByRole('switch', { name: 'Expected offsite' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Stop tracking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replace tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit repair' })).not.toBeInTheDocument();
  });

  it('shows the last location of an offsite repair and its timeline', async () => {
    renderDetail('operator', makeRepair({ tracking: SUMMARY }), TRACKED);
    expect(await screen.findByText('Last location')).toBeInTheDocument();
    const timeline = await screen.findByRole('list', { name: 'Location timeline' });
    const [newest, older] = within(timeline).getAllByRole('listitem');
    // Offsite: the newest stay is over, so no running duration.
    expect(newest).toHaveTextContent('Last at Setting - Bench 1');
    expect(older).toHaveTextContent('1 h 5 min at Intake - Counter');
  });

  it('stops tracking with the repairs endpoint after confirmation', async () => {
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ success: true });
    const user = userEvent.setup();
    renderDetail('production', makeRepair({ tracking: { ...SUMMARY, status: 'active' } }), TRACKED);
    await user.click(await screen.findByRole('button', { name: 'Stop tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop tracking this repair?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop tracking' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(`tracking/repairs/${REPAIR_ID}`));
  });

  it('prints a repair ticket with the number and the work to do', async () => {
    const user = userEvent.setup();
    renderDetail('operator', makeRepair({ tracking: SUMMARY }), TRACKED);
    await user.click(await screen.findByRole('button', { name: 'Print ticket' }));
    const ticket = within(await screen.findByRole('dialog')).getByRole('article', {
      name: 'Job ticket REP-00007',
    });
    expect(ticket).toHaveTextContent('Sizing, Prong retipping');
    expect(ticket.querySelector('[data-qr-value]')).toHaveAttribute(
      'data-qr-value',
      JSON.stringify({ n: 'REP-00007', epc: EPC }),
    );
  });
});
