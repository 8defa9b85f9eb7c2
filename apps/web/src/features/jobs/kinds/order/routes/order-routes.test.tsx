import { WORKSHOP_DEFAULTS } from '@loupe/domain/settings/workshop-defaults';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeOrder, ORDER_ID } from '../order-fixtures';
import { OrderEditRoute } from './order-edit-route';
import { OrderNewRoute } from './order-new-route';

function mockFormData() {
  return mockGet({
    [`orders/${ORDER_ID}`]: envelope(makeOrder()),
    'catalog/product-types': page([]),
    'catalog/metal-types': page([]),
    'settings/workshop-defaults': envelope(WORKSHOP_DEFAULTS),
    customers: page([]),
  });
}

describe('order form routes', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells an operator they cannot create orders instead of showing the form', () => {
    mockFormData();
    renderWithProviders(<OrderNewRoute />, {
      user: makeUser('operator'),
      route: '/orders/new',
      path: '/orders/new',
    });
    expect(screen.getByRole('heading', { name: "You can't create orders" })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New order' })).not.toBeInTheDocument();
  });

  it('shows a salesperson the new-order form', () => {
    mockFormData();
    renderWithProviders(<OrderNewRoute />, {
      user: makeUser('salesperson'),
      route: '/orders/new',
      path: '/orders/new',
    });
    expect(screen.getByRole('form', { name: 'New order' })).toBeInTheDocument();
  });

  it('loads the order into the edit form', async () => {
    mockFormData();
    renderWithProviders(<OrderEditRoute />, {
      user: makeUser('manager'),
      route: `/orders/${ORDER_ID}/edit`,
      path: '/orders/:orderId/edit',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit ORD-00042' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit order ORD-00042' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Solitaire ring, size 6');
  });

  it('refuses the edit form to a designer', () => {
    mockFormData();
    renderWithProviders(<OrderEditRoute />, {
      user: makeUser('designer'),
      route: `/orders/${ORDER_ID}/edit`,
      path: '/orders/:orderId/edit',
    });
    expect(screen.getByRole('heading', { name: "You can't edit orders" })).toBeInTheDocument();
  });
});
