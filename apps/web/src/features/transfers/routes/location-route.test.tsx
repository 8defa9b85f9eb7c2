import type { TLocationToday } from '@loupe/domain/transfers/transfers';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { renderWithRegistryProviders } from '@/test/registry-test-utils';
import { LOCATIONS, makeTransfer } from '../transfer-fixtures';
import { LocationRoute } from './location-route';

afterEach(() => vi.restoreAllMocks());

const TODAY: TLocationToday = {
  locationId: 'LOC002',
  incoming: [makeTransfer()],
  outgoing: [],
  readyForPickup: [
    {
      itemKind: 'order',
      itemId: '7a3c1f0e-1111-4222-8333-944455556611',
      itemNumber: 'ORD-00011',
      customerName: 'Grace Hopper',
      currentLocationId: 'LOC002',
      currentLocationName: 'Downtown store',
      atWrongLocation: false,
    },
    {
      itemKind: 'repair',
      itemId: '7a3c1f0e-1111-4222-8333-944455556612',
      itemNumber: 'REP-00012',
      customerName: 'Alan Turing',
      currentLocationId: 'LOC001',
      currentLocationName: 'Main workshop',
      atWrongLocation: true,
    },
  ],
};

function renderLocation(today: unknown, role: 'salesperson' | 'designer' = 'salesperson') {
  vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
    if (path === 'locations/LOC002') return { success: true, data: LOCATIONS[1] };
    if (path === 'locations/LOC002/today') {
      if (today instanceof Error) throw today;
      return { success: true, data: today };
    }
    throw new Error(`unexpected GET ${path}`);
  });
  renderWithRegistryProviders(
    <Routes>
      <Route
        path={paths.locationDetail}
        element={<LocationRoute departments={(location) => <p>Departments of {location.name}</p>} />}
      />
    </Routes>,
    { role, route: '/locations/LOC002' },
  );
}

describe('/locations/:id', () => {
  it('shows the location’s bags in and out, its pickups, and warns of a job still elsewhere', async () => {
    renderLocation(TODAY);
    expect(await screen.findByRole('heading', { name: /Downtown store/, level: 1 })).toHaveTextContent(
      'Store',
    );
    expect(screen.getByText('Departments of Downtown store')).toBeVisible();
    const incoming = await screen.findByRole('table', { name: 'Coming in' });
    expect(within(incoming).getByRole('link', { name: 'TRF-00001' })).toBeVisible();
    expect(screen.getByText('No bag is packing or on its way from here.')).toBeVisible();
    const pickups = screen.getByRole('list', { name: 'Ready for pickup' });
    expect(within(pickups).getByText('At Main workshop — must travel here')).toBeVisible();
    expect(within(pickups).getAllByTestId('pickup-row')).toHaveLength(2);
  });

  it('leads to its jobs in the order and repair lists, as far as the role sees them', async () => {
    renderLocation(TODAY);
    expect(await screen.findByRole('link', { name: 'Its orders' })).toHaveAttribute(
      'href',
      '/orders?location=LOC002',
    );
    expect(screen.getByRole('link', { name: 'Its repairs' })).toHaveAttribute(
      'href',
      '/repairs?location=LOC002',
    );
  });

  it('offers a designer no repairs list, which they may not open', async () => {
    renderLocation(TODAY, 'designer');
    expect(await screen.findByRole('link', { name: 'Its orders' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Its repairs' })).toBeNull();
  });

  it('says when the day could not be loaded', async () => {
    renderLocation(new Error('The server is not answering.'));
    expect(await screen.findByText('Could not load this location’s day')).toBeVisible();
  });
});
