import { JOB_SUMMARY_VIEWS, JOB_VIEW_DESCRIPTIONS, type TJobSummary } from '@loupe/domain/jobs/job-views';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeClient } from '@/lib/realtime/realtime-client';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { WorkflowTiles, workflowTilesFor } from './workflow-tiles';

const COUNTS: TJobSummary['counts'] = {
  overdue: { order: 5, repair: 2 },
  'due-today': { order: 1, repair: 0 },
  'due-this-week': { order: 9, repair: 3 },
  'at-risk': { order: 2, repair: 1 },
  'over-phase-target': { order: 4, repair: 0 },
  rush: { order: 4, repair: 1 },
  offsite: { order: 1, repair: 1 },
  'ready-for-pickup': { order: 6, repair: 2 },
  'awaiting-approval': { order: 1, repair: 0 },
};
const BOTH: TJobSummary = { kinds: ['order', 'repair'], counts: COUNTS };
const ORDERS_ONLY: TJobSummary = { kinds: ['order'], counts: COUNTS };

function renderTiles(summary: TJobSummary, role: Parameters<typeof makeUser>[0]) {
  mockGet({ 'workflow/summary': envelope(summary) });
  return renderWithProviders(<WorkflowTiles actor={makeUser(role)} />, {
    user: makeUser(role),
    route: '/dashboard',
    otherRoutes: ['/orders', '/repairs', '/offsite'],
  });
}

/** A live connection whose events the test sends: what the provider hears through `onAny`. */
function fakeRealtime() {
  const anyListeners = new Set<(event: { name: string; payload: unknown }) => void>();
  const client = {
    state: 'connected',
    failure: null,
    connect: () => {},
    disconnect: () => {},
    onStateChange: () => () => {},
    onReconnect: () => () => {},
    onAny: (listener: (event: { name: string; payload: unknown }) => void) => {
      anyListeners.add(listener);
      return () => anyListeners.delete(listener);
    },
    on: () => () => {},
  } as unknown as RealtimeClient;
  return {
    client,
    emit: (name: string) =>
      act(() => {
        for (const listener of anyListeners) listener({ name, payload: {} });
      }),
  };
}

describe('the dashboard tiles', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are the job views of the summary, in its order and words, none of them "late"', () => {
    const tiles = workflowTilesFor(makeUser('manager'), BOTH);
    expect(tiles.map((tile) => tile.view)).toEqual([...JOB_SUMMARY_VIEWS]);
    expect(tiles.map((tile) => tile.label)).toEqual([
      'Overdue',
      'Due today',
      'Due this week',
      'At risk',
      'Rush',
      'Ready for pickup',
      'Awaiting approval',
      'Offsite',
    ]);
    expect(tiles.map((tile) => tile.description)).toEqual(
      JOB_SUMMARY_VIEWS.map((v) => JOB_VIEW_DESCRIPTIONS[v]),
    );
    expect(tiles.flatMap((tile) => [tile.label, tile.description]).join(' ')).not.toMatch(/\blate\b/i);
  });

  it('count orders and repairs together, and each kind opens its list filtered by the view', () => {
    const overdue = workflowTilesFor(makeUser('manager'), BOTH)[0];
    expect(overdue).toMatchObject({
      total: 7,
      to: null,
      parts: [
        { kind: 'order', count: 5, text: '5 orders', to: '/orders?view=overdue' },
        { kind: 'repair', count: 2, text: '2 repairs', to: '/repairs?view=overdue' },
      ],
    });
    // Every tile's count is the sum of what its links open.
    for (const tile of workflowTilesFor(makeUser('salesperson'), BOTH)) {
      expect(tile.total).toBe(tile.parts.reduce((sum, part) => sum + part.count, 0));
    }
  });

  it('with one kind counted, lead the whole tile to its list, and count nothing of the other', () => {
    const tiles = workflowTilesFor(makeUser('production'), ORDERS_ONLY);
    expect(tiles.map((tile) => [tile.view, tile.total, tile.to])).toEqual([
      ['overdue', 5, '/orders?view=overdue'],
      ['due-today', 1, '/orders?view=due-today'],
      ['due-this-week', 9, '/orders?view=due-this-week'],
      ['at-risk', 2, '/orders?view=at-risk'],
      ['rush', 4, '/orders?view=rush'],
      ['ready-for-pickup', 6, '/orders?view=ready-for-pickup'],
      ['awaiting-approval', 1, '/orders?view=awaiting-approval'],
      ['offsite', 1, '/orders?view=offsite'],
    ]);
  });

  it('open /offsite for the offsite tile of those allowed there, which lists both kinds', () => {
    const offsite = (role: Parameters<typeof makeUser>[0]) =>
      workflowTilesFor(makeUser(role), BOTH).find((tile) => tile.view === 'offsite');
    expect(offsite('manager')).toMatchObject({ total: 2, to: '/offsite' });
    expect(offsite('salesperson')).toMatchObject({ total: 2, to: '/offsite' });
    // Not for a role /offsite refuses: its split links lead to the lists.
    expect(offsite('operator')).toMatchObject({ total: 2, to: null });
  });

  it('link each kind of a tile to its filtered list, with the split and the view in the link', async () => {
    const user = userEvent.setup();
    renderTiles(BOTH, 'manager');
    const overdue = await screen.findByRole('group', { name: 'Overdue: 7' });
    expect(overdue).toHaveTextContent('Overdue');
    expect(overdue).toHaveTextContent('7');
    expect(overdue).toHaveTextContent('5 orders · 2 repairs');
    expect(overdue).toHaveAttribute('title', 'In work and past its promised date');
    expect(overdue.querySelector('.text-destructive')).not.toBeNull();
    const orders = within(overdue).getByRole('link', { name: 'Overdue: 5 orders' });
    const repairs = within(overdue).getByRole('link', { name: 'Overdue: 2 repairs' });
    expect(orders).toHaveAttribute('href', '/orders?view=overdue');
    expect(repairs).toHaveAttribute('href', '/repairs?view=overdue');
    // Its meaning is read out with each link.
    expect(orders).toHaveAccessibleDescription('In work and past its promised date');
    expect(screen.getByRole('link', { name: 'Offsite: 2' })).toHaveAttribute('href', '/offsite');
    await user.click(repairs);
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      '/repairs?view=overdue',
    );
  });

  it('link the whole tile to the one list when only orders are counted', async () => {
    renderTiles(ORDERS_ONLY, 'production');
    const rush = await screen.findByRole('link', { name: 'Rush: 4' });
    expect(rush).toHaveAttribute('href', '/orders?view=rush');
    expect(rush).not.toHaveTextContent('orders');
    expect(rush).toHaveAccessibleDescription('Open and marked rush');
    expect(screen.queryByRole('group')).toBeNull();
  });

  it.each([
    'tracking:location-update',
    'order:status-changed',
    'repair:status-changed',
    'workflow:phase-completed',
  ])('count again when %s says a job moved', async (event) => {
    let overdue = 5;
    const get = mockGet({
      'workflow/summary': () =>
        envelope({ ...BOTH, counts: { ...COUNTS, overdue: { order: overdue, repair: 2 } } }),
    });
    const realtime = fakeRealtime();
    renderWithProviders(
      <RealtimeProvider client={realtime.client}>
        <WorkflowTiles actor={makeUser('manager')} />
      </RealtimeProvider>,
      { user: makeUser('manager'), route: '/dashboard' },
    );
    expect(await screen.findByRole('group', { name: 'Overdue: 7' })).toBeInTheDocument();
    overdue = 6;
    realtime.emit(event);
    expect(await screen.findByRole('group', { name: 'Overdue: 8' })).toHaveTextContent(
      '6 orders · 2 repairs',
    );
    expect(get.mock.calls.filter(([path]) => path === 'workflow/summary')).toHaveLength(2);
  });
});
