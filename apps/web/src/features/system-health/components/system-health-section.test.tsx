import type { TSystemHealth } from '@loupe/domain/system/client-telemetry';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { SystemHealthSection } from './system-health-section';

const HEALTH: TSystemHealth = {
  since: '2026-11-27T10:00:00.000Z',
  slowRequestThresholdMs: 3000,
  endpoints: [
    { method: 'GET', endpoint: '/api/v1/orders', count: 1520, p50Ms: 84, p95Ms: 3410, errorCount: 2 },
    { method: 'POST', endpoint: '/api/v1/orders', count: 12, p50Ms: 140, p95Ms: 260, errorCount: 0 },
  ],
  slowRequests: [
    {
      id: 7,
      at: '2026-11-28T09:12:00.000Z',
      method: 'GET',
      endpoint: '/api/v1/orders',
      status: 200,
      durationMs: 4210,
      route: '/orders',
      correlationId: 'V1StGXR8_Z5jdHi6B-myT',
      userId: 'u-1',
    },
  ],
  recentErrors: [
    {
      id: 3,
      at: '2026-11-28T09:30:00.000Z',
      source: 'render',
      message: 'TypeError: Cannot read properties of undefined',
      stack: 'TypeError: Cannot read properties of undefined\n    at JobDetail',
      route: '/orders/:id',
      correlationId: 'corr-9',
      clientVersion: '1.4.0',
      userId: 'u-2',
      userName: 'Marco Bellini',
    },
  ],
};

function renderSection() {
  return renderWithSettingsProviders(<SystemHealthSection />, { user: makeUser('admin') });
}

describe('Settings › System health', () => {
  beforeEach(() => {
    stubResizeObserver();
    stubPointerApis();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows p50/p95 by endpoint, the requests over 3,000 ms and the recent client errors', async () => {
    mockGet({ 'telemetry/health': envelope(HEALTH) });
    renderSection();
    const timings = await screen.findByRole('table', { name: 'Timings by endpoint' });
    const rows = within(timings).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('GET /api/v1/orders1,52084 ms3,410 ms2');
    expect(screen.getByText('Requests that took over 3,000 ms, newest first.')).toBeInTheDocument();
    const slow = screen.getByRole('table', { name: 'Slow requests' });
    expect(slow).toHaveTextContent('4,210 ms');
    expect(slow).toHaveTextContent('V1StGXR8_Z5jdHi6B-myT');
    const errors = screen.getByRole('list', { name: 'Recent client errors' });
    expect(errors).toHaveTextContent('TypeError: Cannot read properties of undefined');
    expect(errors).toHaveTextContent('Marco Bellini');
    expect(errors).toHaveTextContent('/orders/:id');
  });

  it('asks for another period when one is chosen, and says when there is nothing', async () => {
    const get = mockGet({
      'telemetry/health': () => envelope({ ...HEALTH, endpoints: [], slowRequests: [], recentErrors: [] }),
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('No requests reported in this period.')).toBeInTheDocument();
    expect(screen.getByText('No slow requests in this period.')).toBeInTheDocument();
    expect(screen.getByText('No client errors in this period.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(get.mock.calls.map(([, options]) => options?.searchParams)).toContainEqual({ hours: 168 }),
    );
  });
});
