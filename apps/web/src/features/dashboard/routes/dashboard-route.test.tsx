import type { TRole } from '@loupe/domain/auth/roles';
import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import type { TBackendTrackedOrderInput } from '@loupe/domain/tracking/tracked-order';
import type { TTrackingStats } from '@loupe/domain/tracking/tracking-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { page } from '@/test/api-mocks';
import { renderWithRegistryProviders } from '@/test/registry-test-utils';
import { dashboardStatsQueryOptions } from '../api/get-dashboard-stats';
import { LOCAL_FIGURES_TITLE } from '../components/dashboard-overview';
import { NO_TAGGED_ITEMS } from '../components/department-counts';
import { NOT_COUNTED_LOCALLY, TRACKING_FIGURES } from '../components/stat-cards';
import { DashboardRoute } from './dashboard-route';

const STATS = {
  totalTracked: 17,
  activeOrders: 9,
  offsiteOrders: 2,
  returnedOrders: 1,
  activeRepairs: 4,
  offsiteRepairs: 1,
  returnedRepairs: 0,
  departmentCounts: { Polishing: 3, Casting: 6, 'Stone setting': 4 },
} satisfies TTrackingStats;

function trackedOrder(
  overrides: Partial<TBackendTrackedOrderInput> & Pick<TBackendTrackedOrderInput, 'orderId' | 'status'>,
): TBackendTrackedOrderInput {
  return {
    order: { orderNumber: `ORD-${String(overrides.orderId)}` },
    epcCode: `E28011606000020${String(overrides.orderId)}`,
    currentDepartment: { name: 'Casting' },
    currentDepartmentId: 'DEPT001',
    currentStation: { name: 'Bench 1' },
    currentStationId: 'STATION000001',
    lastSeenAt: '2025-03-01T10:00:00.000Z',
    expectedOffsite: false,
    ...overrides,
  };
}

// In the backend shape of spec §3: two in Casting, one in Setting, one offsite (counted in no department).
const TRACKED_ORDERS = [
  trackedOrder({ orderId: 'o1', status: 'tracking' }),
  trackedOrder({ orderId: 'o2', status: 'tracking' }),
  trackedOrder({
    orderId: 'o3',
    status: 'tracking',
    currentDepartment: { name: 'Setting' },
    currentDepartmentId: 'DEPT002',
  }),
  trackedOrder({ orderId: 'o4', status: 'offsite' }),
];

type TAnswer = { readonly body: unknown } | { readonly error: ApiError };

const SERVER_DOWN = { error: new ApiError({ message: 'Service unavailable', status: 503 }) };

const spies: MockInstance[] = [];

const NO_LOCATIONS: TAnswer = { body: page([]) };

/**
 * Answers the dashboard's GETs as the server would: the two of the figures, and the locations of its
 * workshop map (none here: the map has tests of its own); any other GET is a bug in the test.
 */
function stubGets(answers: { stats: TAnswer; orders?: TAnswer }) {
  const get = vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
    const answer =
      path === 'tracking/stats'
        ? answers.stats
        : path === 'tracking/orders'
          ? answers.orders
          : path === 'locations'
            ? NO_LOCATIONS
            : undefined;
    if (!answer) throw new Error(`unexpected GET ${path}`);
    if ('error' in answer) throw answer.error;
    return answer.body;
  });
  spies.push(get);
  return get;
}

function silenceWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  spies.push(warn);
  return warn;
}

/** The card of one figure: its term (dt) and what follows it in the same group. */
function card(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  if (!term.parentElement) throw new Error(`no card around ${label}`);
  return term.parentElement;
}

function figure(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

function cardLink(label: string): string | null {
  return within(card(label)).queryByRole('link')?.getAttribute('href') ?? null;
}

function terms(): string[] {
  const figures = screen.getByRole('region', { name: TRACKING_FIGURES });
  return within(figures)
    .getAllByRole('term')
    .map((term) => term.textContent ?? '');
}

function departmentRows(): string[] {
  const list = screen.getByRole('list', { name: 'By department' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

async function renderDashboard(role: TRole) {
  renderWithRegistryProviders(<DashboardRoute />, { role, route: '/dashboard' });
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  await screen.findByRole('region', { name: TRACKING_FIGURES });
}

describe('DashboardRoute', { timeout: 30_000 }, () => {
  afterEach(() => {
    // Only this file's spies: the setup's console.error guard stays in place.
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  it('shows the figures and the departments of GET /tracking/stats, busiest department first', async () => {
    stubGets({ stats: { body: { success: true, data: STATS } } });
    renderWithRegistryProviders(<DashboardRoute />, { role: 'manager' });
    expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
    await screen.findByRole('region', { name: TRACKING_FIGURES });

    expect(figure('Tracked items')).toBe('17');
    expect(figure('Orders in the workshop')).toBe('9');
    expect(figure('Orders offsite')).toBe('2');
    expect(figure('Repairs in the workshop')).toBe('4');
    expect(figure('Repairs offsite')).toBe('1');
    expect(screen.queryByText(LOCAL_FIGURES_TITLE)).toBeNull();

    expect(screen.getByRole('region', { name: 'By department' })).toBeInTheDocument();
    expect(departmentRows()).toEqual(['Casting6', 'Stone setting4', 'Polishing3']);
    const bars = within(screen.getByRole('list', { name: 'By department' })).getAllByText(
      (_, element) => element?.getAttribute('data-slot') === 'department-bar',
    );
    expect(bars.map((bar) => bar.className.match(/\bw-\S+/)?.[0])).toEqual(['w-full', 'w-8/12', 'w-6/12']);
    expect(screen.queryByRole('status', { name: 'Loading the dashboard' })).toBeNull();
  });

  it.each<[TRole, string[], Record<string, string | null>]>([
    [
      'manager',
      [
        'Tracked items',
        'Orders in the workshop',
        'Orders offsite',
        'Repairs in the workshop',
        'Repairs offsite',
      ],
      {
        'Tracked items': null,
        'Orders in the workshop': '/orders',
        'Orders offsite': '/orders?view=offsite',
        'Repairs in the workshop': '/repairs',
        'Repairs offsite': '/repairs?view=offsite',
      },
    ],
    [
      'designer',
      ['Tracked items', 'Orders in the workshop', 'Orders offsite'],
      {
        'Tracked items': null,
        'Orders in the workshop': '/orders',
        'Orders offsite': '/orders?view=offsite',
      },
    ],
    [
      'operator',
      [
        'Tracked items',
        'Orders in the workshop',
        'Orders offsite',
        'Repairs in the workshop',
        'Repairs offsite',
      ],
      {
        'Tracked items': null,
        'Orders in the workshop': '/orders',
        'Orders offsite': '/orders?view=offsite',
        'Repairs in the workshop': '/repairs',
        'Repairs offsite': '/repairs?view=offsite',
      },
    ],
  ])('shows a %s the cards and links of their role', async (role, expectedTerms, expectedLinks) => {
    stubGets({ stats: { body: { success: true, data: STATS } } });
    await renderDashboard(role);
    expect(terms()).toEqual(expectedTerms);
    for (const [label, href] of Object.entries(expectedLinks)) {
      expect({ label, href: cardLink(label) }).toEqual({ label, href });
    }
  });

  it('counts the tracked orders locally when /tracking/stats fails, and says the figures are orders only', async () => {
    const warn = silenceWarnings();
    const get = stubGets({
      stats: SERVER_DOWN,
      orders: { body: { success: true, data: TRACKED_ORDERS } },
    });
    await renderDashboard('manager');

    const trackingCalls = get.mock.calls.map(([path]) => path).filter((path) => path.startsWith('tracking/'));
    expect(trackingCalls).toEqual(['tracking/stats', 'tracking/orders']);
    expect(screen.getByRole('status')).toHaveTextContent(LOCAL_FIGURES_TITLE);
    expect(screen.getByRole('status')).toHaveTextContent(/Repairs are not included/);
    expect(figure('Tracked items')).toBe('4');
    expect(figure('Orders in the workshop')).toBe('3');
    expect(figure('Orders offsite')).toBe('1');
    // Unknown, not zero: the local count has no repairs in it.
    expect(figure('Repairs in the workshop')).toBe(NOT_COUNTED_LOCALLY);
    expect(figure('Repairs offsite')).toBe(NOT_COUNTED_LOCALLY);
    expect(departmentRows()).toEqual(['Casting2', 'Setting1']);
    // Spec §8: the stats failure is only logged.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/tracking/stats'), SERVER_DOWN.error);
  });

  it('falls back to local counts when /tracking/stats answers something unreadable', async () => {
    silenceWarnings();
    stubGets({
      stats: { body: { success: true, data: { totalTracked: 'many' } } },
      orders: { body: { success: true, data: TRACKED_ORDERS.slice(0, 1) } },
    });
    await renderDashboard('designer');
    expect(screen.getByRole('status')).toHaveTextContent(LOCAL_FIGURES_TITLE);
    expect(figure('Tracked items')).toBe('1');
  });

  it('says when no department holds a tagged item, with a way to the orders', async () => {
    stubGets({
      stats: { body: { success: true, data: { ...STATS, departmentCounts: {} } } },
    });
    await renderDashboard('salesperson');
    const empty = screen.getByRole('heading', { name: NO_TAGGED_ITEMS });
    expect(empty).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('list', { name: 'By department' })).toBeNull();
  });

  it('shows an error with a way to try again only when the local count fails too', async () => {
    silenceWarnings();
    const get = stubGets({
      stats: SERVER_DOWN,
      orders: { error: new ApiError({ message: 'You may not see tracked orders', status: 403 }) },
    });
    const user = userEvent.setup();
    renderWithRegistryProviders(<DashboardRoute />, { role: 'manager' });
    expect(await screen.findByText('Could not load the dashboard')).toBeInTheDocument();
    expect(screen.getByText('You may not see tracked orders')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: TRACKING_FIGURES })).toBeNull();

    get.mockImplementation(async (path: string) => {
      if (path !== 'tracking/stats') throw new Error(`unexpected GET ${path}`);
      return { success: true, data: STATS };
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: TRACKING_FIGURES });
    expect(figure('Tracked items')).toBe('17');
    expect(screen.queryByText('Could not load the dashboard')).toBeNull();
  });

  it('asks for the workflow summary while the figures are still on their way, not after them', async () => {
    const asked: string[] = [];
    let answerStats: (body: unknown) => void = () => {};
    const get = vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      asked.push(path);
      if (path === 'tracking/stats') return new Promise((resolve) => (answerStats = resolve));
      if (path === 'workflow/summary') return new Promise(() => {});
      if (path === 'locations') return NO_LOCATIONS.body;
      throw new Error(`unexpected GET ${path}`);
    });
    spies.push(get);
    renderWithRegistryProviders(<DashboardRoute />, { role: 'admin', route: '/dashboard' });
    await vi.waitFor(() => expect(asked).toContain('workflow/summary'));
    expect(asked).toContain('tracking/stats');
    expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
    answerStats({ success: true, data: STATS });
    await screen.findByRole('region', { name: TRACKING_FIGURES });
    expect(asked.filter((path) => path === 'workflow/summary')).toHaveLength(1);
  });

  it('refreshes under the tracking key root with the tracking sync of spec §9', () => {
    const options = dashboardStatsQueryOptions();
    expect(options.queryKey[0]).toBe('tracking');
    expect(options.refetchInterval).toBe(TRACKING_SYNC_INTERVAL_MS);
  });
});
