import type { TRole } from '@loupe/domain/auth/roles';
import type { TTransferDetail } from '@loupe/domain/transfers/transfers';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { queryRootsForEvent } from '@/lib/realtime/query-invalidation';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeTestQueryClient, renderWithRegistryProviders } from '@/test/registry-test-utils';
import { makeItem, makeTransfer } from '../transfer-fixtures';
import { TransferDetailRoute } from './transfer-detail-route';

afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
});

function renderBag(bag: () => TTransferDetail, role: TRole = 'operator', queryClient?: QueryClient) {
  vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
    if (path === `transfers/${bag().id}`) return { success: true, data: bag() };
    if (path === 'orders' || path === 'repairs')
      return { success: true, data: { items: [], total: 0, nextCursor: null } };
    throw new Error(`unexpected GET ${path}`);
  });
  return renderWithRegistryProviders(
    <Routes>
      <Route path={paths.transferDetail} element={<TransferDetailRoute />} />
    </Routes>,
    { role, route: `/transfers/${bag().id}`, ...(queryClient ? { queryClient } : {}) },
  );
}

const rowOf = (number: string) =>
  screen.getAllByTestId('manifest-row').find((row) => row.textContent?.includes(number)) as HTMLElement;

describe('/transfers/:id', () => {
  it('shows the manifest and ticks an envelope off as it is scanned, by job number or by EPC', async () => {
    const user = userEvent.setup();
    let bag = makeTransfer();
    renderBag(() => bag);
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async () => {
      bag = makeTransfer({
        items: [
          makeItem({ itemNumber: 'ORD-00001', state: 'received', receivedAt: '2026-11-30T12:00:00.000Z' }),
          makeItem({ itemNumber: 'ORD-00002' }),
        ],
      });
      return { success: true, data: bag };
    });
    expect(await screen.findByRole('heading', { name: /Bag TRF-00001/ })).toBeVisible();
    expect(screen.getByTestId('transfer-carrier')).toHaveTextContent('FedEx · 7712 3456');
    expect(within(rowOf('ORD-00001')).getByText('Expected')).toBeVisible();
    expect(within(rowOf('ORD-00001')).getByRole('link', { name: 'ORD-00001' })).toHaveAttribute(
      'href',
      `/orders/${bag.items[0]?.itemId}`,
    );

    await user.type(screen.getByLabelText('Scan an envelope'), 'ord-00001{Enter}');
    expect(post).toHaveBeenCalledWith(`transfers/${bag.id}/receive`, {
      itemKind: 'order',
      itemId: bag.items[0]?.itemId,
    });
    await waitFor(() => expect(within(rowOf('ORD-00001')).getByText('Received')).toBeVisible());
    expect(screen.getByTestId('transfer-counts')).toHaveTextContent('1/2 received');

    await user.type(screen.getByLabelText('Scan an envelope'), 'E2801160600002AB{Enter}');
    expect(post).toHaveBeenLastCalledWith(`transfers/${bag.id}/receive`, { epc: 'E2801160600002AB' });
    await user.type(screen.getByLabelText('Scan an envelope'), 'REP-00009{Enter}');
    expect(await screen.findByText('REP-00009 is not on this bag’s manifest.')).toBeVisible();
  });

  it('follows the bag live: a transfer event refetches it', async () => {
    let bag = makeTransfer();
    const queryClient = makeTestQueryClient();
    renderBag(() => bag, 'qa', queryClient);
    await screen.findByRole('heading', { name: /Bag TRF-00001/ });
    bag = makeTransfer({
      items: [
        makeItem({ itemNumber: 'ORD-00001', state: 'received' }),
        makeItem({ itemNumber: 'ORD-00002' }),
      ],
    });
    const roots = queryRootsForEvent('transfer:changed');
    await act(() =>
      queryClient.invalidateQueries({ predicate: (query) => roots.includes(String(query.queryKey[0])) }),
    );
    await waitFor(() => expect(within(rowOf('ORD-00001')).getByText('Received')).toBeVisible());
    // QA looks but neither scans nor closes.
    expect(screen.queryByLabelText('Scan an envelope')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close bag' })).toBeNull();
  });

  it('asks before closing a bag that is still missing envelopes, then shows it received short', async () => {
    const user = userEvent.setup();
    let bag = makeTransfer({
      items: [
        makeItem({ itemNumber: 'ORD-00001', state: 'received' }),
        makeItem({ itemNumber: 'ORD-00002' }),
      ],
    });
    renderBag(() => bag);
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async () => {
      bag = makeTransfer({
        status: 'received_short',
        receivedAt: '2026-11-30T15:00:00.000Z',
        items: [
          makeItem({ itemNumber: 'ORD-00001', state: 'received' }),
          makeItem({ itemNumber: 'ORD-00002', state: 'missing' }),
        ],
      });
      return { success: true, data: bag };
    });
    await user.click(await screen.findByRole('button', { name: 'Close bag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close TRF-00001?' });
    expect(dialog).toHaveTextContent('Received short: 1 envelope missing.');
    await user.click(within(dialog).getByRole('button', { name: 'Close received short' }));
    expect(post).toHaveBeenCalledWith(`transfers/${bag.id}/close`);
    await waitFor(() => expect(within(rowOf('ORD-00002')).getByText('Missing')).toBeVisible());
    expect(screen.getAllByText('Received short')[0]).toBeVisible();
    expect(getToasts().map((toast) => toast.title)).toContain('Received short: 1 envelope missing.');
  });

  it('sends a packing bag with its carrier, and asks a vendor bag for its date back', async () => {
    const user = userEvent.setup();
    let bag = makeTransfer({
      status: 'packing',
      carrier: '',
      trackingNumber: '',
      sentAt: null,
      sentBy: null,
      toLocationKind: 'vendor',
      toLocationName: 'Stone setter',
    });
    renderBag(() => bag, 'manager');
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async () => {
      bag = { ...bag, status: 'in_transit', carrier: 'Courier' };
      return { success: true, data: bag };
    });
    expect(await screen.findByText('Not sent yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel bag' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Take ORD-00001 out of the bag' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send TRF-00001' });
    await user.type(within(dialog).getByLabelText('Carrier'), 'Courier');
    await user.click(within(dialog).getByRole('button', { name: 'Send bag' }));
    expect(await within(dialog).findByText('Say when the vendor should send the pieces back.')).toBeVisible();
    expect(post).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Expected back on'), '2026-12-24');
    await user.click(within(dialog).getByRole('button', { name: 'Send bag' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`transfers/${bag.id}/send`, {
        carrier: 'Courier',
        trackingNumber: '',
        expectedBackOn: '2026-12-24',
      }),
    );
    await waitFor(() => expect(screen.getByText('In transit')).toBeVisible());
  });

  it('says why a bag could not be loaded', async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValue(new Error('Transfer not found.'));
    renderWithRegistryProviders(
      <Routes>
        <Route path={paths.transferDetail} element={<TransferDetailRoute />} />
      </Routes>,
      { role: 'qa', route: '/transfers/0b8e6a52-2222-4333-8444-955566667777' },
    );
    expect(await screen.findByText('Could not load this bag')).toBeVisible();
    expect(screen.getByText('Transfer not found.')).toBeVisible();
  });
});
