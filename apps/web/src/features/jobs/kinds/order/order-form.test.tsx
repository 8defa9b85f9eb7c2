import { WORKSHOP_DEFAULTS } from '@loupe/domain/settings/workshop-defaults';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts } from '@/lib/toast';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { CUSTOMER_ID } from '@/test/job-fixtures';
import { locationAnswers, STORE } from '@/test/location-mocks';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeOrder, ORDER_ID } from './order-fixtures';
import { OrderForm } from './order-form';

const NOW = new Date(2025, 5, 15, 12, 0);
const RING = '55555555-5555-4555-8555-555555555555';
const PENDANT = '66666666-6666-4666-8666-666666666666';
const GOLD = '77777777-7777-4777-8777-777777777777';
const CUSTOMER = {
  id: CUSTOMER_ID,
  name: 'Ana Silva',
  phone: '+1 555 010 2030',
  email: null,
  contactPreferences: [],
  notes: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function catalogType(id: string, name: string, isActive = true) {
  return { id, name, isActive, createdAt: '2025-01-01T00:00:00.000Z' };
}

function mockFormData(extra: Record<string, unknown> = {}) {
  return mockGet({
    'catalog/product-types': page([catalogType(RING, 'Ring'), catalogType(PENDANT, 'Pendant', false)]),
    'catalog/metal-types': page([catalogType(GOLD, '18k gold')]),
    'catalog/designs': page([]),
    'settings/workshop-defaults': envelope(WORKSHOP_DEFAULTS),
    customers: page([CUSTOMER]),
    ...locationAnswers(),
    ...extra,
  });
}

function renderForm({
  role = 'salesperson',
  order = null,
  homeLocationId = null,
}: {
  role?: Parameters<typeof makeUser>[0];
  order?: ReturnType<typeof makeOrder> | null;
  homeLocationId?: string | null;
} = {}) {
  return renderWithProviders(<OrderForm order={order} now={() => NOW} />, {
    user: { ...makeUser(role), homeLocationId },
    route: '/orders/new',
    path: '/orders/new',
    otherRoutes: ['/orders/:orderId'],
  });
}

async function chooseCustomer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'ana');
  const matches = await screen.findByRole('list', { name: 'Customer matches' });
  await user.click(within(matches).getByRole('button', { name: /Ana Silva/ }));
}

describe('OrderForm', { timeout: 20_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('asks for a customer next to the picker and sends nothing', async () => {
    mockFormData();
    const post = vi.spyOn(apiClient, 'post');
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    const search = screen.getByRole('searchbox', { name: 'Search customers' });
    expect(await screen.findByText('Choose a customer')).toBeInTheDocument();
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveAccessibleDescription('Choose a customer');
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a deposit above the price and an amount that is not one', async () => {
    mockFormData();
    const post = vi.spyOn(apiClient, 'post');
    const user = userEvent.setup();
    renderForm();
    await chooseCustomer(user);
    await user.type(screen.getByRole('textbox', { name: 'Price (USD)' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Deposit (USD)' }), '150');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(screen.getByRole('textbox', { name: 'Deposit (USD)' })).toHaveAccessibleDescription(
      'The deposit cannot be more than the price',
    );

    await user.clear(screen.getByRole('textbox', { name: 'Price (USD)' }));
    await user.type(screen.getByRole('textbox', { name: 'Price (USD)' }), 'a lot');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(screen.getByRole('textbox', { name: 'Price (USD)' })).toHaveAccessibleDescription(
      'Enter an amount such as 1250.00',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the balance as the amounts are typed', async () => {
    mockFormData();
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Price (USD)' }), '1,250');
    await user.type(screen.getByRole('textbox', { name: 'Deposit (USD)' }), '250.50');
    expect(screen.getByText(/Balance due/)).toHaveTextContent('Balance due: $999.50');
  });

  it('creates the order with the default promise date and opens it', async () => {
    mockFormData();
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope(makeOrder({ id: ORDER_ID, orderNumber: 'ORD-00042' })));
    const user = userEvent.setup();
    renderForm();
    // Settings › orders: 21 days for an order, 7 for a rush one.
    await waitFor(() => expect(screen.getByLabelText('Promised date')).toHaveValue('2025-07-06'));
    await user.click(screen.getByRole('switch', { name: 'Rush order' }));
    expect(screen.getByLabelText('Promised date')).toHaveValue('2025-06-22');
    await chooseCustomer(user);
    // The search box is gone; the keyboard stays on the button that replaced it.
    expect(screen.getByRole('button', { name: 'Change customer' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Price (USD)' }), '1250');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Halo ring');
    await user.click(screen.getByRole('button', { name: 'Create order' }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('orders', {
        customerId: CUSTOMER_ID,
        description: 'Halo ring',
        isRush: true,
        promisedDate: '2025-06-22',
        priceCents: 125_000,
        depositCents: 0,
        notes: '',
        intakeLocationId: 'LOC001',
        pickupLocationId: 'LOC001',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
        `/orders/${ORDER_ID}`,
      ),
    );
  });

  it('offers only active product types, and "None"', async () => {
    mockFormData();
    const user = userEvent.setup();
    renderForm();
    await waitFor(() =>
      expect(apiClient.get).toHaveBeenCalledWith('catalog/product-types', expect.anything()),
    );
    await user.click(screen.getByRole('combobox', { name: 'Product type' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['None', 'Ring']);
  });

  it('shows the server refusing a field next to it, and other refusals at the form', async () => {
    mockFormData();
    const post = vi
      .spyOn(apiClient, 'post')
      .mockRejectedValueOnce(
        new ApiError({
          message: 'promisedDate: invalid',
          status: 400,
          code: 'VALIDATION_FAILED',
          details: { issues: [{ field: 'body.promisedDate', message: 'The workshop is closed that day' }] },
        }),
      )
      .mockRejectedValueOnce(
        new ApiError({ message: 'You may not create orders', status: 403, code: 'FORBIDDEN' }),
      );
    const user = userEvent.setup();
    renderForm();
    await chooseCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('The workshop is closed that day')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('You may not create orders')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('takes in a new customer without leaving the form', async () => {
    mockFormData();
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope({ ...CUSTOMER, name: 'Bo Chen' }));
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Save customer' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a phone number or an e-mail address')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bo Chen');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'BO@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save customer' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('customers', {
        name: 'Bo Chen',
        phone: null,
        email: 'bo@example.test',
        contactPreferences: [],
        notes: '',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Change customer' })).toBeInTheDocument();
    expect(screen.getByText('Bo Chen')).toBeInTheDocument();
    // The order form itself was not submitted by the dialog's form.
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('keeps the salesperson read-only for non-admins and lets admins pick from the staff', async () => {
    mockFormData({
      users: envelope({
        items: [
          {
            id: '88888888-8888-4888-8888-888888888888',
            email: 'sam@example.test',
            firstName: 'Sam',
            lastName: 'Lee',
            name: 'Sam Lee',
            role: 'salesperson',
            emailVerified: true,
            mustChangePassword: false,
            disabled: false,
            homeLocationId: null,
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
          },
        ],
        total: 1,
      }),
    });
    const order = makeOrder({ salesperson: { id: 'user-x', name: 'Rita Gomez' } });
    const { unmount } = renderForm({ role: 'salesperson', order });
    expect(screen.getByText('Rita Gomez')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Salesperson' })).not.toBeInTheDocument();
    expect(apiClient.get).not.toHaveBeenCalledWith('users', expect.anything());
    unmount();

    const user = userEvent.setup();
    renderForm({ role: 'admin', order });
    await waitFor(() => expect(apiClient.get).toHaveBeenCalledWith('users', expect.anything()));
    await user.click(screen.getByRole('combobox', { name: 'Salesperson' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Not assigned', 'Sam Lee', 'Rita Gomez']);
  });

  it('offers only the statuses that may follow the current one, and sends only the change', async () => {
    mockFormData();
    const patch = vi
      .spyOn(apiClient, 'patch')
      .mockResolvedValue(envelope(makeOrder({ status: 'in_production' })));
    const user = userEvent.setup();
    renderForm({ order: makeOrder({ status: 'new' }) });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'New',
      'In design',
      'In production',
      'Cancelled',
    ]);
    await user.click(screen.getByRole('option', { name: 'In production' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`orders/${ORDER_ID}`, { status: 'in_production' }),
    );
  });

  it('locks the status of a delivered order', () => {
    mockFormData();
    renderForm({ order: makeOrder({ status: 'delivered' }) });
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(screen.getByText('Delivered is final: the status can no longer change.')).toBeInTheDocument();
  });
  it("takes the order in at the user's home location, with the trip to the workshop in its promise", async () => {
    mockFormData();
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope(makeOrder()));
    const user = userEvent.setup();
    renderForm({ homeLocationId: STORE.id });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Taken in at' })).toHaveTextContent('Downtown Store'),
    );
    expect(screen.getByRole('combobox', { name: 'Pickup at' })).toHaveTextContent('Downtown Store');
    // 21 days (Sunday 2025-07-06), then 2 × 2 working days there and back: Mon 7 … Thu 10.
    await waitFor(() => expect(screen.getByLabelText('Promised date')).toHaveValue('2025-07-10'));
    await chooseCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        'orders',
        expect.objectContaining({
          promisedDate: '2025-07-10',
          intakeLocationId: STORE.id,
          pickupLocationId: STORE.id,
        }),
      ),
    );
  });

  it('offers the workshop and stores but no outside vendor, and follows a change of intake', async () => {
    mockFormData();
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope(makeOrder()));
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('Promised date')).toHaveValue('2025-07-06'));
    await user.click(screen.getByRole('combobox', { name: 'Taken in at' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Main Workshop', 'Downtown Store']);
    await user.click(screen.getByRole('option', { name: 'Downtown Store' }));
    await waitFor(() => expect(screen.getByLabelText('Promised date')).toHaveValue('2025-07-10'));
    await chooseCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        'orders',
        expect.objectContaining({ intakeLocationId: STORE.id, pickupLocationId: 'LOC001' }),
      ),
    );
  });

  it('sends only a changed pickup location when editing, and shows the server refusing it', async () => {
    mockFormData();
    const patch = vi.spyOn(apiClient, 'patch').mockRejectedValue(
      new ApiError({
        message: 'pickupLocationId: refused',
        status: 422,
        code: 'JOB_LOCATION_INVALID',
        details: { issues: [{ field: 'pickupLocationId', message: 'This location does not exist.' }] },
      }),
    );
    const user = userEvent.setup();
    renderForm({ role: 'admin', order: makeOrder() });
    await user.click(screen.getByRole('combobox', { name: 'Pickup at' }));
    await user.click(await screen.findByRole('option', { name: 'Downtown Store' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`orders/${ORDER_ID}`, { pickupLocationId: STORE.id }),
    );
    expect(await screen.findByText('This location does not exist.')).toBeInTheDocument();
  });
});
