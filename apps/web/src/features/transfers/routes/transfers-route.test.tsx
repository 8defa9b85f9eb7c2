import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type TRequestOptions } from '@/lib/api-client';
import { page, renderWithRegistryProviders, stubPointerApis } from '@/test/registry-test-utils';
import { LOCATIONS, makeTransfer } from '../transfer-fixtures';
import { TransfersRoute } from './transfers-route';

beforeAll(stubPointerApis);
afterEach(() => vi.restoreAllMocks());

function stubGets(transfers = [makeTransfer({ overdue: true })]) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path: string, options?: TRequestOptions) => {
    if (path === 'locations') return page(LOCATIONS);
    if (path === 'transfers') {
      const status = options?.searchParams?.status;
      return page(status === 'open' || status === undefined ? transfers : []);
    }
    throw new Error(`unexpected GET ${path}`);
  });
}

describe('/transfers', () => {
  it('lists the open bags of every location with their route, carrier, counts and an Overdue badge', async () => {
    const get = stubGets();
    renderWithRegistryProviders(<TransfersRoute />, { role: 'salesperson', route: '/transfers' });
    const row = await screen.findByTestId('transfer-row');
    expect(within(row).getByRole('link', { name: 'TRF-00001' })).toHaveAttribute(
      'href',
      '/transfers/0b8e6a52-2222-4333-8444-955566667777',
    );
    expect(row).toHaveTextContent('Main workshop');
    expect(row).toHaveTextContent('Downtown store');
    expect(row).toHaveTextContent('FedEx · 7712 3456');
    expect(row).toHaveTextContent('0/2');
    expect(within(row).getByText('Overdue')).toBeVisible();
    expect(get).toHaveBeenCalledWith('transfers', {
      searchParams: { locationId: undefined, direction: 'all', status: 'open', limit: 200 },
      signal: expect.any(AbortSignal),
    });
    expect(screen.getByRole('button', { name: 'New bag' })).toBeVisible();
  });

  it('asks for one location’s incoming bags and says when there are none', async () => {
    const user = userEvent.setup();
    const get = stubGets([]);
    renderWithRegistryProviders(<TransfersRoute />, {
      role: 'qa',
      route: '/transfers?location=LOC002',
    });
    expect(await screen.findByRole('heading', { name: 'No bags here' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Incoming' }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('transfers', {
        searchParams: { locationId: 'LOC002', direction: 'incoming', status: 'open', limit: 200 },
        signal: expect.any(AbortSignal),
      }),
    );
    // QA does not pack bags: no button for it (the server would refuse anyway).
    expect(screen.queryByRole('button', { name: 'New bag' })).toBeNull();
  });

  it('creates a bag from the dialog with the jobs found by number', async () => {
    const user = userEvent.setup();
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      if (path === 'locations') return page(LOCATIONS);
      if (path === 'transfers') return page([]);
      if (path === 'orders')
        return page([
          {
            id: '7a3c1f0e-1111-4222-8333-944455556601',
            orderNumber: 'ORD-00001',
            customer: { name: 'Ada Lovelace' },
            description: 'Sapphire ring',
          },
        ]);
      if (path === 'repairs') return page([]);
      throw new Error(`unexpected GET ${path}`);
    });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ success: true, data: makeTransfer({ status: 'packing' }) });
    renderWithRegistryProviders(<TransfersRoute />, {
      role: 'operator',
      route: '/transfers?location=LOC001',
    });
    await user.click(await screen.findByRole('button', { name: 'New bag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bag' });
    await user.click(within(dialog).getByLabelText('To'));
    await user.click(await screen.findByRole('option', { name: 'Downtown store' }));
    await user.type(within(dialog).getByLabelText('Bag label (optional)'), 'Blue pouch');
    await user.click(await within(dialog).findByRole('button', { name: /ORD-00001/ }));
    expect(within(dialog).getByRole('list', { name: 'Envelopes in the bag' })).toHaveTextContent('ORD-00001');
    await user.click(within(dialog).getByRole('button', { name: 'Create bag' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('transfers', {
        fromLocationId: 'LOC001',
        toLocationId: 'LOC002',
        bagLabel: 'Blue pouch',
        items: [{ itemKind: 'order', itemId: '7a3c1f0e-1111-4222-8333-944455556601' }],
      }),
    );
  });
});
