import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import type { TOffsiteItem } from '@loupe/domain/tracking/tracking-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { renderWithRegistryProviders } from '@/test/registry-test-utils';
import { offsiteItemsQueryOptions } from '../api/get-offsite-items';
import { NOTHING_OFFSITE } from '../components/offsite-list';
import { OffsiteRoute } from './offsite-route';

const MINUTE_MS = 60_000;

function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * MINUTE_MS).toISOString();
}

function offsiteItem(
  overrides: Partial<TOffsiteItem> & Pick<TOffsiteItem, 'itemKind' | 'itemId' | 'number'>,
) {
  // One instant for both: two calls to minutesAgo can straddle a millisecond on a busy machine.
  const lastSeen = overrides.lastSeen ?? minutesAgo(200);
  return {
    customerName: 'Maria Lopez',
    epc: 'E2801160600002084A6D3F12',
    offsiteDetectedAt: minutesAgo(130),
    isExpectedOffsite: false,
    lastDepartmentName: 'Casting',
    lastStationName: 'Bench 1',
    ...overrides,
    lastSeen,
    offsiteSince: lastSeen,
  } satisfies TOffsiteItem;
}

const ORDER = offsiteItem({ itemKind: 'order', itemId: 'ord-1', number: 'ORD-00042' });
const REPAIR = offsiteItem({
  itemKind: 'repair',
  itemId: 'rep-7',
  number: 'REP-00007',
  customerName: 'Tom Baker',
  isExpectedOffsite: true,
  lastSeen: minutesAgo(50),
  offsiteDetectedAt: minutesAgo(45),
  lastDepartmentName: null,
  lastStationName: null,
});

function stubOffsite(items: readonly TOffsiteItem[]) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
    if (path !== 'tracking/offsite') throw new Error(`unexpected GET ${path}`);
    return { success: true, data: { items, total: items.length, nextCursor: null } };
  });
}

function row(number: string): HTMLElement {
  return screen.getByRole('listitem', { name: number });
}

describe('OffsiteRoute', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubOffsite([REPAIR, ORDER]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('lists what is offsite, longest first, with kind, link, customer, EPC, since when and where last seen', async () => {
    renderWithRegistryProviders(<OffsiteRoute />, { role: 'salesperson' });
    expect(screen.getByRole('heading', { level: 1, name: 'Offsite' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Offsite items' });
    const rows = within(screen.getByRole('list', { name: 'Offsite items' })).getAllByRole('listitem');
    expect(rows.map((item) => item.getAttribute('aria-labelledby'))).toEqual([
      'offsite-order-ord-1',
      'offsite-repair-rep-7',
    ]);

    const order = row('ORD-00042');
    expect(within(order).getByText('Order')).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: 'ORD-00042' })).toHaveAttribute('href', '/orders/ord-1');
    expect(within(order).getByText('Unexpected')).toBeInTheDocument();
    expect(within(order).getByText(/Maria Lopez/)).toBeInTheDocument();
    expect(within(order).getByText('E2801160600002084A6D3F12')).toBeInTheDocument();
    // Gone since it was last seen (200 min ago), not since the sweep noticed (130 min ago).
    expect(within(order).getByText(/for 3 h 20 min/)).toBeInTheDocument();
    expect(within(order).getByText(/at Casting - Bench 1/)).toBeInTheDocument();
    const since = within(order).getByText(
      (_, element) =>
        element?.tagName === 'TIME' &&
        element.getAttribute('dateTime') === ORDER.lastSeen &&
        element.parentElement?.textContent?.startsWith('(since') === true,
    );
    expect(since.textContent).not.toBe('');

    const repair = row('REP-00007');
    expect(within(repair).getByText('Repair')).toBeInTheDocument();
    expect(within(repair).getByRole('link', { name: 'REP-00007' })).toHaveAttribute('href', '/repairs/rep-7');
    expect(within(repair).getByText('Expected')).toBeInTheDocument();
    expect(within(repair).getByText(/for 50 min/)).toBeInTheDocument();
  });

  it('never says "0 min" beside a piece last seen hours ago: offsite counts from the last read (issue 32)', async () => {
    vi.restoreAllMocks();
    stubOffsite([
      offsiteItem({
        itemKind: 'order',
        itemId: 'ord-9',
        number: 'ORD-00099',
        lastSeen: minutesAgo(14 * 60),
        // The sweep only noticed a moment ago.
        offsiteDetectedAt: minutesAgo(0),
      }),
    ]);
    renderWithRegistryProviders(<OffsiteRoute />, { role: 'manager' });
    await screen.findByRole('list', { name: 'Offsite items' });
    const item = row('ORD-00099');
    expect(within(item).getByText(/for 14 h/)).toBeInTheDocument();
    expect(item).not.toHaveTextContent('0 min');
    expect(item).toHaveTextContent('14 hours ago');
  });

  it.each([
    ['an order', 'ORD-00042', 'tracking/orders/ord-1/return'],
    ['a repair', 'REP-00007', 'tracking/repairs/rep-7/return'],
  ])('marks %s returned through its own endpoint', async (_label, number, path) => {
    let resolve: (value: unknown) => void = () => {};
    const post = vi.spyOn(apiClient, 'post').mockImplementation(
      () =>
        new Promise((done) => {
          resolve = done;
        }),
    );
    const user = userEvent.setup();
    renderWithRegistryProviders(<OffsiteRoute />, { role: 'manager' });
    await screen.findByRole('list', { name: 'Offsite items' });
    const button = within(row(number)).getByRole('button', { name: `Mark returned ${number}` });
    await user.click(button);
    expect(post).toHaveBeenCalledWith(path);
    expect(post).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Returning…');
    resolve({ success: true, data: null });
    await waitFor(() => expect(getToasts()[0]?.title).toBe(`${number} is back in the building`));
  });

  it('shows why returning an item failed, next to it', async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError({ message: 'ORD-00042 is not offsite any more', status: 409, code: 'CONFLICT' }),
    );
    const user = userEvent.setup();
    renderWithRegistryProviders(<OffsiteRoute />, { role: 'admin' });
    await screen.findByRole('list', { name: 'Offsite items' });
    await user.click(within(row('ORD-00042')).getByRole('button', { name: 'Mark returned ORD-00042' }));
    expect(
      await within(row('ORD-00042')).findByText(/ORD-00042 is not offsite any more/),
    ).toBeInTheDocument();
    expect(within(row('REP-00007')).queryByRole('alert')).toBeNull();
  });

  it('filters expected and unexpected items, and says when a filter leaves nothing', async () => {
    stubOffsite([ORDER]);
    const user = userEvent.setup();
    renderWithRegistryProviders(<OffsiteRoute />, { role: 'manager' });
    await screen.findByRole('list', { name: 'Offsite items' });
    const expected = screen.getByRole('button', { name: /^Expected/ });
    await user.click(expected);
    expect(expected).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('heading', { name: 'No item is expected offsite right now' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Unexpected/ }));
    expect(row('ORD-00042')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^All/ }));
    expect(row('ORD-00042')).toBeInTheDocument();
  });

  it('says so when nothing is offsite', async () => {
    stubOffsite([]);
    renderWithRegistryProviders(<OffsiteRoute />, { role: 'salesperson' });
    expect(await screen.findByRole('heading', { name: NOTHING_OFFSITE })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark returned/ })).toBeNull();
  });

  it('shows a load failure with a way to try again', async () => {
    const get = vi
      .spyOn(apiClient, 'get')
      .mockRejectedValueOnce(new ApiError({ message: 'You may not see offsite items', status: 403 }));
    const user = userEvent.setup();
    renderWithRegistryProviders(<OffsiteRoute />, { role: 'manager' });
    expect(await screen.findByText('You may not see offsite items')).toBeInTheDocument();
    get.mockResolvedValue({ success: true, data: { items: [ORDER], total: 1, nextCursor: null } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'ORD-00042' })).toBeInTheDocument();
  });

  it('refreshes with the tracking sync of spec §9, every 30 s', () => {
    expect(offsiteItemsQueryOptions().refetchInterval).toBe(TRACKING_SYNC_INTERVAL_MS);
    expect(TRACKING_SYNC_INTERVAL_MS).toBe(30_000);
  });
});
