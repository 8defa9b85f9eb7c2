import type { TSafeCount, TSafeLocation } from '@loupe/domain/safe-counts/safe-counts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { renderWithRegistryProviders } from '@/test/registry-test-utils';
import { SafeCountsRoute } from './safe-counts-route';

const LOCATION: TSafeLocation = {
  locationId: 'LOC001',
  locationName: 'Main workshop',
  safe: null,
  stations: [{ id: 'ST1', name: 'Safe', departmentName: 'QA' }],
  runningCountId: null,
};

const piece = (number: string, station: string) => ({
  kind: 'order' as const,
  id: `${number}-id`,
  number,
  description: 'Sapphire ring',
  lastStationName: station,
  lastReadAt: '2026-11-30T17:31:00.000Z',
});

const RUNNING: TSafeCount = {
  id: '7a3c1f0e-1111-4222-8333-944455556666',
  locationId: 'LOC001',
  locationName: 'Main workshop',
  safeStationName: 'Safe',
  trigger: 'button',
  status: 'running',
  startedAt: '2026-11-30T17:30:00.000Z',
  endsAt: '2026-11-30T17:40:00.000Z',
  finishedAt: null,
  startedBy: 'Maya Manager',
  finishedBy: null,
  expectedCount: 2,
  countedCount: 1,
  missingCount: 1,
  extraCount: 0,
  counted: [piece('ORD-00001', 'Safe')],
  missing: [piece('ORD-00002', 'Bench 1')],
  extra: [],
  removals: [],
};

afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
});

describe('/safe-counts', () => {
  it('says so when there are no counts, and starts none at a location without a safe', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      if (path === 'safe-counts/locations') return { success: true, data: [LOCATION] };
      if (path === 'safe-counts') return { success: true, data: [] };
      throw new Error(`unexpected GET ${path}`);
    });
    renderWithRegistryProviders(<SafeCountsRoute />, { role: 'manager', route: '/safe-counts' });
    expect(await screen.findByRole('heading', { name: 'No counts yet' })).toBeVisible();
    const card = await screen.findByTestId('safe-location-LOC001');
    expect(within(card).getByText(/No safe chosen yet/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Start count' })).toBeDisabled();
  });

  it('shows a running count’s counted and missing pieces, and finishes it', async () => {
    const user = userEvent.setup();
    let stored: TSafeCount = RUNNING;
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      if (path === `safe-counts/${RUNNING.id}`) return { success: true, data: stored };
      // The list and the locations refetch after the finish; this screen does not show them.
      if (path === 'safe-counts' || path === 'safe-counts/locations') return { success: true, data: [] };
      throw new Error(`unexpected GET ${path}`);
    });
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async () => {
      stored = { ...RUNNING, status: 'finished', finishedAt: '2026-11-30T17:35:00.000Z' };
      return { success: true, data: stored };
    });
    renderWithRegistryProviders(<SafeCountsRoute />, {
      role: 'manager',
      route: `/safe-counts?count=${RUNNING.id}`,
    });
    const missing = await screen.findByTestId('safe-count-missing-list');
    expect(within(missing).getByRole('link', { name: 'ORD-00002' })).toBeVisible();
    expect(within(screen.getByTestId('safe-count-counted-list')).getByText('ORD-00001')).toBeVisible();
    expect(screen.getByText('Counting')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Finish count' }));
    expect(post).toHaveBeenCalledWith(`safe-counts/${RUNNING.id}/finish`);
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Count finished: 1 missing.'));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(screen.getByText('1 missing')).toBeVisible();
  });

  it('says why a count could not be finished', async () => {
    const user = userEvent.setup();
    vi.spyOn(apiClient, 'get').mockResolvedValue({ success: true, data: RUNNING });
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError({ status: 409, code: 'SAFE_COUNT_CONFLICT', message: 'This count has already finished.' }),
    );
    renderWithRegistryProviders(<SafeCountsRoute />, {
      role: 'manager',
      route: `/safe-counts?count=${RUNNING.id}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Finish count' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.description)).toContain('This count has already finished.'),
    );
  });
});
