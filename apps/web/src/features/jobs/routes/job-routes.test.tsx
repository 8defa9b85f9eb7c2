import type { TRole } from '@loupe/domain/auth/roles';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { WORKSHOP_DEFAULTS } from '@loupe/domain/settings/workshop-defaults';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeOrder, ORDER_ID } from '../kinds/order/order-fixtures';
import { makeRepair, REPAIR_ID } from '../kinds/repair/repair-fixtures';
import { JobEditRoute } from './job-edit-route';
import { JobNewRoute } from './job-new-route';

function mockFormData() {
  return mockGet({
    [`orders/${ORDER_ID}`]: envelope(makeOrder()),
    [`repairs/${REPAIR_ID}`]: envelope(makeRepair()),
    'catalog/product-types': page([]),
    'catalog/metal-types': page([]),
    'settings/workshop-defaults': envelope(WORKSHOP_DEFAULTS),
    customers: page([]),
  });
}

type TKindCase = {
  readonly kind: TJobKind;
  readonly list: string;
  readonly editPath: string;
  readonly editRoute: string;
  /** A role that may not write the kind up, and what it is told. */
  readonly refused: { readonly role: TRole; readonly heading: string };
  readonly newForm: string;
  /** A role that may edit it, and what the loaded form shows. */
  readonly editor: TRole;
  readonly heading: string;
  readonly field: { readonly name: string; readonly value: string };
};

const KINDS: readonly TKindCase[] = [
  {
    kind: 'order',
    list: '/orders',
    editPath: `/orders/${ORDER_ID}/edit`,
    editRoute: '/orders/:orderId/edit',
    refused: { role: 'operator', heading: "You can't create orders" },
    newForm: 'New order',
    editor: 'manager',
    heading: 'Edit ORD-00042',
    field: { name: 'Description', value: 'Solitaire ring, size 6' },
  },
  {
    kind: 'repair',
    list: '/repairs',
    editPath: `/repairs/${REPAIR_ID}/edit`,
    editRoute: '/repairs/:repairId/edit',
    refused: { role: 'salesperson', heading: "You can't take in repairs" },
    newForm: 'New repair',
    editor: 'production',
    heading: 'Edit REP-00007',
    field: { name: 'Item description', value: 'White gold ring, 1 ct diamond' },
  },
];

describe('job form routes', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  describe.each(KINDS)('$kind', (kase) => {
    it('tells a role that may not write one up so, instead of showing the form', () => {
      mockFormData();
      renderWithProviders(<JobNewRoute kind={kase.kind} />, {
        user: makeUser(kase.refused.role),
        route: `${kase.list}/new`,
        path: `${kase.list}/new`,
      });
      expect(screen.getByRole('heading', { name: kase.refused.heading })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: kase.newForm })).not.toBeInTheDocument();
    });

    it('loads the job into the edit form for a role that may edit it', async () => {
      mockFormData();
      renderWithProviders(<JobEditRoute kind={kase.kind} />, {
        user: makeUser(kase.editor),
        route: kase.editPath,
        path: kase.editRoute,
      });
      expect(await screen.findByRole('heading', { level: 1, name: kase.heading })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: kase.field.name })).toHaveValue(kase.field.value);
    });
  });

  it('shows a salesperson the new-order form', () => {
    mockFormData();
    renderWithProviders(<JobNewRoute kind="order" />, {
      user: makeUser('salesperson'),
      route: '/orders/new',
      path: '/orders/new',
    });
    expect(screen.getByRole('form', { name: 'New order' })).toBeInTheDocument();
  });

  it('names the order in its edit form', async () => {
    mockFormData();
    renderWithProviders(<JobEditRoute kind="order" />, {
      user: makeUser('manager'),
      route: `/orders/${ORDER_ID}/edit`,
      path: '/orders/:orderId/edit',
    });
    expect(await screen.findByRole('form', { name: 'Edit order ORD-00042' })).toBeInTheDocument();
  });

  it('refuses the edit form to a designer', () => {
    mockFormData();
    renderWithProviders(<JobEditRoute kind="order" />, {
      user: makeUser('designer'),
      route: `/orders/${ORDER_ID}/edit`,
      path: '/orders/:orderId/edit',
    });
    expect(screen.getByRole('heading', { name: "You can't edit orders" })).toBeInTheDocument();
  });
});
