import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeJobState, makeUser } from '@/test/factories';
import { locationAnswers, STORE } from '@/test/location-mocks';
import { renderWithProviders } from '@/test/render-with-providers';
import { JOBS_PAGE_SIZE } from '../api/get-jobs';
import { listItem, makeOrder } from '../kinds/order/order-fixtures';
import { listItem as repairListItem } from '../kinds/repair/repair-fixtures';
import { JobsList } from './jobs-list';
import { JOB_ROW_HEIGHT } from './list/job-row';

const VIEWPORT_PX = 640;

const LISTS: Readonly<Record<TJobKind, { route: string; otherRoutes: string[] }>> = {
  order: { route: '/orders', otherRoutes: ['/orders/new', '/orders/:orderId'] },
  repair: { route: '/repairs', otherRoutes: ['/repairs/new', '/repairs/:repairId'] },
};

function renderJobs(
  kind: TJobKind,
  role: Parameters<typeof makeUser>[0],
  route = LISTS[kind].route,
  homeLocationId: string | null = null,
) {
  return renderWithProviders(<JobsList kind={kind} />, {
    user: { ...makeUser(role), homeLocationId },
    route,
    otherRoutes: LISTS[kind].otherRoutes,
  });
}

function renderList(role: Parameters<typeof makeUser>[0] = 'salesperson', route = '/orders') {
  return renderJobs('order', role, route);
}

/** The list's own requests, without the predictions it asks for its open jobs. */
function listCalls(root: 'orders' | 'repairs') {
  return vi.mocked(apiClient.get).mock.calls.filter((call) => call[0] === root);
}

function orderListCalls() {
  return listCalls('orders');
}

function searchParamsOf(root: 'orders' | 'repairs'): Record<string, unknown> {
  const call = listCalls(root).at(-1);
  return (call?.[1]?.searchParams ?? {}) as Record<string, unknown>;
}

function searchParamsOfLastCall(): Record<string, unknown> {
  return searchParamsOf('orders');
}

describe('JobsList', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stubPointerApis();
    // jsdom lays nothing out: give the list's scroll box a height, as a browser would.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT_PX);
  });
  afterEach(() => vi.restoreAllMocks());

  describe('of orders', () => {
    it('renders only a window of rows for 10,000 orders and loads the next page at the end', async () => {
      const first = Array.from({ length: 10_000 }, (_, index) => listItem(index));
      const second = Array.from({ length: 5 }, (_, index) => listItem(10_000 + index));
      mockGet({
        orders: (options: { searchParams?: { cursor?: string } } | undefined) =>
          options?.searchParams?.cursor === 'after-10000'
            ? page(second, null, 10_005)
            : page(first, 'after-10000', 10_005),
      });
      renderList();

      expect(await screen.findByText('10,005 orders')).toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Orders' });
      const rendered = within(list).getAllByRole('listitem');
      expect(rendered.length).toBeGreaterThan(0);
      expect(rendered.length).toBeLessThan(40);
      expect(within(list).getByText('ORD-00001')).toBeInTheDocument();
      expect(within(list).queryByText('ORD-05000')).not.toBeInTheDocument();
      expect(orderListCalls()).toHaveLength(1);

      const scroller = list.parentElement as HTMLElement;
      scroller.scrollTop = first.length * JOB_ROW_HEIGHT.wide - VIEWPORT_PX;
      fireEvent.scroll(scroller);

      expect(await within(list).findByText('ORD-10000')).toBeInTheDocument();
      await waitFor(() => expect(searchParamsOfLastCall().cursor).toBe('after-10000'));
      expect(await within(list).findByText('ORD-10005')).toBeInTheDocument();
      expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);
    });

    it('asks the server for the first page, newest first, with the page size', async () => {
      mockGet({ orders: page([listItem(0)]) });
      renderList();
      await screen.findByText('1 order');
      expect(apiClient.get).toHaveBeenCalledWith('orders', {
        searchParams: {
          q: undefined,
          status: undefined,
          isRush: undefined,
          tracked: undefined,
          sort: 'newest',
          limit: JOBS_PAGE_SIZE,
          cursor: undefined,
        },
        signal: expect.any(AbortSignal),
      });
    });

    it('sends the search to the server once typing pauses', async () => {
      mockGet({ orders: page([listItem(0)]) });
      // The keys typed with no pause between them (no timer runs between two keys), however busy the
      // machine: a key slower than the debounce on a loaded CI would otherwise be a pause of its own.
      const user = userEvent.setup({ delay: null });
      renderList();
      await screen.findByText('1 order');
      await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'ana silva');
      await waitFor(() => expect(searchParamsOfLastCall().q).toBe('ana silva'));
      // One request for the pause, not one per key.
      expect(
        vi.mocked(apiClient.get).mock.calls.filter(([, o]) => o?.searchParams?.q !== undefined),
      ).toHaveLength(1);
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
        '/orders?q=ana+silva',
      );
    });

    it('filters by status on the server', async () => {
      mockGet({ orders: page([listItem(0)]) });
      const user = userEvent.setup();
      renderList();
      await screen.findByText('1 order');
      await user.click(screen.getByRole('combobox', { name: 'Status' }));
      await user.click(await screen.findByRole('option', { name: 'In production' }));
      await waitFor(() => expect(searchParamsOfLastCall().status).toBe('in_production'));
    });

    it('reads its filters from the address', async () => {
      mockGet({ orders: page([listItem(0)]) });
      renderList('salesperson', '/orders?status=ready&rush=true&tagged=false&sort=promised&q=ring');
      await screen.findByText('1 order');
      expect(searchParamsOfLastCall()).toMatchObject({
        q: 'ring',
        status: 'ready',
        isRush: 'true',
        tracked: 'false',
        sort: 'promised',
      });
      expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('ring');
    });

    it('shows number, customer, status, rush, the state the server gives, the location or "Not tagged", and the balance', async () => {
      mockGet({
        orders: page([
          listItem(0, {
            isRush: true,
            promisedDate: '2025-06-01',
            status: 'in_production',
            balanceCents: 123_450,
            state: makeJobState({
              isRush: true,
              isOverdue: true,
              daysOverdue: 14,
              due: 'overdue',
              isAtRisk: false,
            }),
            tracking: {
              epc: 'E2801160',
              status: 'active',
              departmentId: 'DEPT001',
              departmentName: 'Casting',
              stationId: 'STATION1',
              stationName: 'Bench 1',
              arrivedAt: null,
              lastSeen: null,
              offsiteDetectedAt: null,
              offsiteReturnedAt: null,
              isExpectedOffsite: false,
            },
          }),
          listItem(1, {
            promisedDate: '2025-07-01',
            state: makeJobState({ isAtRisk: true, isOverPhaseTarget: true }),
          }),
          // A delivered order has no state: nothing is overdue about it, whatever its date.
          listItem(2, { promisedDate: '2025-06-01', status: 'delivered', state: null }),
        ]),
      });
      renderList();
      const list = await screen.findByRole('list', { name: 'Orders' });
      const [first, second, third] = within(list).getAllByRole('link');
      expect(first).toHaveTextContent('ORD-00001');
      expect(first).toHaveTextContent('Rush');
      expect(first).toHaveTextContent('Customer 1');
      expect(first).toHaveTextContent('In production');
      expect(within(first as HTMLElement).getByText('Overdue')).toBeInTheDocument();
      expect(first).toHaveTextContent('Overdue14 days');
      expect(first).toHaveTextContent('Jun 1, 2025');
      expect(first).toHaveTextContent('Casting - Bench 1');
      expect(first).toHaveTextContent('$1,234.50');
      expect(first).toHaveAttribute('href', '/orders/00000000-0000-4000-8000-000000000000');
      expect(second).toHaveTextContent('Not tagged');
      expect(within(second as HTMLElement).queryByText('Overdue')).toBeNull();
      expect(within(second as HTMLElement).getByText('At risk')).toBeInTheDocument();
      expect(within(second as HTMLElement).getByText('Over phase target')).toBeInTheDocument();
      expect(second).not.toHaveTextContent('Rush');
      expect(third).not.toHaveTextContent('Overdue');
    });

    it("reads overdue and due today from the server's state, never from the browser's calendar", async () => {
      mockGet({
        orders: page([
          // Past in any browser, but the workshop's read model says it is promised for today (its zone).
          listItem(0, { promisedDate: '2000-01-01', state: makeJobState({ due: 'today' }) }),
          // Far ahead in any browser, yet overdue by the read model: its answer is the one shown.
          listItem(1, {
            promisedDate: '2999-01-01',
            state: makeJobState({ isOverdue: true, due: 'overdue' }),
          }),
          listItem(2, { promisedDate: '2000-01-01', status: 'delivered', state: null }),
        ]),
      });
      renderList();
      const [today, overdue, delivered] = within(
        await screen.findByRole('list', { name: 'Orders' }),
      ).getAllByRole('link');
      expect(today).toHaveTextContent('Jan 1, 2000 · Due today');
      expect(within(today as HTMLElement).queryByText('Overdue')).toBeNull();
      expect(within(overdue as HTMLElement).getByText('Overdue')).toBeInTheDocument();
      expect(delivered).not.toHaveTextContent('Due today');
      expect(delivered).not.toHaveTextContent('Overdue');
    });

    it('asks the server for the job view in the address and shows it as a filter that can be removed', async () => {
      mockGet({ orders: page([listItem(0, { state: makeJobState({ isOverdue: true, due: 'overdue' }) })]) });
      const user = userEvent.setup();
      renderList('salesperson', '/orders?view=overdue');
      await screen.findByText('1 order');
      expect(searchParamsOfLastCall()).toMatchObject({ view: 'overdue' });
      expect(screen.getByText('In work and past its promised date')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove the filter Overdue' }));
      await waitFor(() => expect(searchParamsOfLastCall().view).toBeUndefined());
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(/^\/orders$/);
      expect(screen.queryByRole('button', { name: /Remove the filter/ })).toBeNull();
    });

    it("starts filtered to the user's home location, and lets them see all locations", async () => {
      mockGet({ orders: page([listItem(0)]), ...locationAnswers() });
      const user = userEvent.setup();
      renderJobs('order', 'salesperson', '/orders', STORE.id);
      await screen.findByText('1 order');
      expect(searchParamsOfLastCall()).toMatchObject({ locationId: STORE.id });
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('Downtown Store'),
      );
      await user.click(screen.getByRole('combobox', { name: 'Location' }));
      await user.click(await screen.findByRole('option', { name: 'All locations' }));
      await waitFor(() => expect(searchParamsOfLastCall().locationId).toBeUndefined());
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
        '/orders?location=all',
      );
    });

    it('asks for every location when the user has no home location, and keeps a chosen one in the address', async () => {
      mockGet({ orders: page([listItem(0)]), ...locationAnswers() });
      renderList('salesperson', `/orders?location=${STORE.id}`);
      await screen.findByText('1 order');
      expect(searchParamsOfLastCall()).toMatchObject({ locationId: STORE.id });
    });

    it('marks a ready order that is not where its customer collects it', async () => {
      mockGet({
        orders: page([
          listItem(0, { status: 'ready', pickupLocationId: STORE.id, currentLocationId: 'LOC001' }),
          listItem(1, { status: 'ready', pickupLocationId: 'LOC001', currentLocationId: 'LOC001' }),
        ]),
        ...locationAnswers(),
      });
      renderList();
      const [away, here] = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole('link');
      await waitFor(() => expect(away).toHaveTextContent('Send to Downtown Store'));
      expect(here).not.toHaveTextContent('Send to');
    });

    it('ignores a view it does not know', async () => {
      mockGet({ orders: page([listItem(0)]) });
      renderList('salesperson', '/orders?view=late');
      await screen.findByText('1 order');
      expect(searchParamsOfLastCall().view).toBeUndefined();
      expect(screen.queryByRole('button', { name: /Remove the filter/ })).toBeNull();
    });

    it('moves selected orders to a status they can all take, and keeps the refused ones selected with why', async () => {
      clearToasts();
      mockGet({
        orders: page([
          listItem(0, { status: 'quality_check' }),
          listItem(1, { status: 'quality_check' }),
          listItem(2, { status: 'ready' }),
        ]),
      });
      const patch = vi.spyOn(apiClient, 'patch').mockImplementation(async (path) => {
        if (String(path).endsWith('0001')) {
          throw new ApiError({
            status: 409,
            code: 'CONFLICT',
            message: 'ORD-00002 was changed by someone else.',
          });
        }
        return envelope(makeOrder({ status: 'ready' }));
      });
      const user = userEvent.setup();
      renderList();
      await user.click(await screen.findByRole('checkbox', { name: 'Select ORD-00001' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select ORD-00003' }));
      const bar = screen.getByRole('region', { name: 'Selected orders' });
      // Quality check may go to Ready for pickup, Ready may not: nothing in common.
      expect(bar).toHaveTextContent('2 selected');
      expect(bar).toHaveTextContent('These orders have no next status in common');

      await user.click(screen.getByRole('checkbox', { name: 'Select ORD-00003' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select ORD-00002' }));
      await user.click(within(bar).getByRole('combobox', { name: 'Move selected to' }));
      await user.click(await screen.findByRole('option', { name: 'Ready for pickup' }));
      await user.click(within(bar).getByRole('button', { name: 'Apply' }));

      await waitFor(() => expect(getToasts()[0]?.title).toBe('1 order moved to “Ready for pickup”'));
      expect(patch).toHaveBeenCalledTimes(2);
      expect(patch.mock.calls.map((call) => call[1])).toEqual([{ status: 'ready' }, { status: 'ready' }]);
      expect(
        await screen.findByText('ORD-00002: ORD-00002 was changed by someone else.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select ORD-00002' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Select ORD-00001' })).not.toBeChecked();
    });

    it('offers no selection to a role that may not change orders', async () => {
      mockGet({ orders: page([listItem(0)]) });
      renderList('designer');
      await screen.findByRole('list', { name: 'Orders' });
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    });

    it('opens an order with Enter', async () => {
      mockGet({ orders: page([listItem(0)]) });
      const user = userEvent.setup();
      renderList();
      const link = await screen.findByRole('link', { name: /ORD-00001/ });
      link.focus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
        '/orders/00000000-0000-4000-8000-000000000000',
      );
    });

    it.each([
      ['salesperson', true],
      ['manager', true],
      ['admin', true],
      ['operator', false],
      ['designer', false],
      ['production', false],
      ['qa', false],
    ] as const)('the %s role sees the "New order" button: %s', async (role, expected) => {
      mockGet({ orders: page([listItem(0)]) });
      renderList(role);
      await screen.findByText('1 order');
      expect(screen.queryByRole('link', { name: 'New order' }) !== null).toBe(expected);
    });

    it('says so when there are no orders yet, with the way to write one', async () => {
      mockGet({ orders: page([]) });
      renderList('salesperson');
      expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'New order' })).toHaveLength(2);
    });

    it('says no order matches a search, and clears it', async () => {
      mockGet({ orders: page([]) });
      const user = userEvent.setup();
      renderList('operator', '/orders?q=zzz');
      expect(await screen.findByRole('heading', { name: 'No orders match "zzz"' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
      await waitFor(() => expect(searchParamsOfLastCall().q).toBeUndefined());
      expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    });

    it('shows why the list could not load and tries again', async () => {
      let calls = 0;
      mockGet({
        orders: () => {
          calls += 1;
          return calls === 1
            ? new ApiError({ message: 'The database is down', status: 500, code: 'INTERNAL' })
            : page([listItem(0)]);
        },
      });
      const user = userEvent.setup();
      renderList();
      expect(await screen.findByText('The database is down')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('1 order')).toBeInTheDocument();
    });
    it("shows a manager each open order's predicted completion, and at risk only where the server's state says so", async () => {
      const onTrack = listItem(0, { promisedDate: '2025-07-01' });
      const atRisk = listItem(1, { promisedDate: '2025-06-20', state: makeJobState({ isAtRisk: true }) });
      const delivered = listItem(2, { status: 'delivered', state: null });
      const prediction = (likely: string) => ({
        kind: 'order',
        number: '',
        earliest: `${likely}T09:00:00`,
        likely: `${likely}T12:00:00`,
        latest: `${likely}T17:00:00`,
        remainingPhases: 2,
      });
      let asked: unknown;
      mockGet({
        orders: page([onTrack, atRisk, delivered]),
        'analytics/predictions': (options: { searchParams?: unknown } | undefined) => {
          asked = options?.searchParams;
          return envelope({
            generatedAt: '2025-06-15T12:00:00.000Z',
            predictions: { [onTrack.id]: prediction('2025-06-25'), [atRisk.id]: prediction('2025-06-24') },
          });
        },
      });
      renderList('manager');
      const list = await screen.findByRole('list', { name: 'Orders' });
      const risky = (await within(list).findByText('Predicted done Jun 24, likely Jun 24')).closest('a');
      expect(risky).toHaveTextContent('ORD-00002');
      expect(within(risky as HTMLElement).getByText('At risk')).toBeInTheDocument();
      const fine = within(list).getByText('Predicted done Jun 25, likely Jun 25').closest('a');
      expect(fine).toHaveTextContent('ORD-00001');
      expect(within(fine as HTMLElement).queryByText('At risk')).toBeNull();
      expect(list).not.toHaveTextContent(/\blate\b/i);
      // Only open orders (those with a state) are asked about.
      expect(asked).toEqual({ kind: 'order', ids: `${onTrack.id},${atRisk.id}` });
    });

    it("shows a salesperson's list its predictions too: whoever sees a job sees when it is likely done", async () => {
      const open = listItem(0, { promisedDate: '2025-07-01' });
      mockGet({
        orders: page([open]),
        'analytics/predictions': () =>
          envelope({
            generatedAt: '2025-06-15T12:00:00.000Z',
            predictions: {
              [open.id]: {
                kind: 'order',
                number: '',
                earliest: '2025-06-25T09:00:00',
                likely: '2025-06-25T12:00:00',
                latest: '2025-06-25T17:00:00',
                remainingPhases: 2,
              },
            },
          }),
      });
      renderList('salesperson');
      const list = await screen.findByRole('list', { name: 'Orders' });
      expect(await within(list).findByText('Predicted done Jun 25, likely Jun 25')).toBeInTheDocument();
    });
  });

  describe('of repairs', () => {
    it('renders only a window of rows for 10,000 repairs and loads the next page at the end', async () => {
      const first = Array.from({ length: 10_000 }, (_, index) => repairListItem(index));
      mockGet({
        repairs: (options: { searchParams?: { cursor?: string } } | undefined) =>
          options?.searchParams?.cursor === 'next'
            ? page([repairListItem(10_000)], null, 10_001)
            : page(first, 'next', 10_001),
      });
      renderJobs('repair', 'operator');
      expect(await screen.findByText('10,001 repairs')).toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Repairs' });
      expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);
      expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '10001');

      const scroller = list.parentElement as HTMLElement;
      scroller.scrollTop = first.length * JOB_ROW_HEIGHT.wide - VIEWPORT_PX;
      fireEvent.scroll(scroller);
      await waitFor(() => expect(searchParamsOf('repairs').cursor).toBe('next'));
      expect(await within(list).findByText('REP-10001')).toBeInTheDocument();
    });

    it('sends the search to the server', async () => {
      mockGet({ repairs: page([repairListItem(0)]) });
      const user = userEvent.setup();
      renderJobs('repair', 'operator');
      await screen.findByText('1 repair');
      await user.type(screen.getByRole('searchbox', { name: 'Search repairs' }), 'chain');
      await waitFor(() => expect(searchParamsOf('repairs').q).toBe('chain'));
    });

    it('shows the item, the estimate and "Not tagged"', async () => {
      mockGet({ repairs: page([repairListItem(0, { isRush: true, status: 'in_progress' })]) });
      renderJobs('repair', 'operator');
      const row = await screen.findByRole('link', { name: /REP-00001/ });
      expect(row).toHaveTextContent('Ring 1');
      expect(row).toHaveTextContent('In progress');
      expect(row).toHaveTextContent('Rush');
      expect(row).toHaveTextContent('$80.00');
      expect(row).toHaveTextContent('Not tagged');
    });

    it.each([
      ['operator', true],
      ['production', true],
      ['manager', true],
      ['admin', true],
      ['salesperson', false],
    ] as const)('the %s role sees the "New repair" button: %s', async (role, expected) => {
      mockGet({ repairs: page([repairListItem(0)]) });
      renderJobs('repair', role);
      await screen.findByText('1 repair');
      expect(screen.queryByRole('link', { name: 'New repair' }) !== null).toBe(expected);
    });

    it('tells a salesperson there are no repairs yet, without offering to take one in', async () => {
      mockGet({ repairs: page([]) });
      renderJobs('repair', 'salesperson');
      expect(await screen.findByRole('heading', { name: 'No repairs yet' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'New repair' })).not.toBeInTheDocument();
    });

    it('asks for the job view in the address, shows its word and the state of each repair', async () => {
      mockGet({
        repairs: page([
          repairListItem(0, {
            state: makeJobState({ isOffsite: true, offsiteSince: '2025-06-14T18:00:00.000Z' }),
          }),
        ]),
      });
      renderJobs('repair', 'operator', '/repairs?view=offsite');
      const row = await screen.findByRole('link', { name: /REP-00001/ });
      expect(searchParamsOf('repairs')).toMatchObject({ view: 'offsite' });
      expect(within(row).getByText('Offsite')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove the filter Offsite' })).toBeInTheDocument();
    });

    it('says no repair is in a view, and clears it', async () => {
      mockGet({ repairs: page([]) });
      const user = userEvent.setup();
      renderJobs('repair', 'operator', '/repairs?view=at-risk');
      expect(
        await screen.findByRole('heading', { name: 'No repairs match these filters' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
      await waitFor(() => expect(searchParamsOf('repairs').view).toBeUndefined());
    });

    it('says no repair matches the filters', async () => {
      mockGet({ repairs: page([]) });
      renderJobs('repair', 'operator', '/repairs?status=ready');
      expect(
        await screen.findByRole('heading', { name: 'No repairs match these filters' }),
      ).toBeInTheDocument();
      expect(searchParamsOf('repairs').status).toBe('ready');
    });
  });
});
