import { WORKSHOP_DEFAULTS } from '@loupe/domain/settings/workshop-defaults';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { CUSTOMER_ID } from '@/test/job-fixtures';
import { locationAnswers } from '@/test/location-mocks';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeRepair, REPAIR_ID } from './repair-fixtures';
import { RepairForm } from './repair-form';

const NOW = new Date(2025, 5, 15, 12, 0);
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

function renderForm(repair: ReturnType<typeof makeRepair> | null = null) {
  mockGet({
    'settings/workshop-defaults': envelope(WORKSHOP_DEFAULTS),
    customers: page([CUSTOMER]),
    ...locationAnswers(),
  });
  return renderWithProviders(<RepairForm repair={repair} now={() => NOW} />, {
    user: makeUser('operator'),
    route: '/repairs/new',
    path: '/repairs/new',
    otherRoutes: ['/repairs/:repairId'],
  });
}

describe('RepairForm', { timeout: 20_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('asks for the customer, the item and a repair type next to each, and sends nothing', async () => {
    const post = vi.spyOn(apiClient, 'post');
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Take in repair' }));
    expect(screen.getByText('Choose a customer')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Item description' })).toHaveAccessibleDescription(
      'Describe the item',
    );
    expect(screen.getByRole('group', { name: 'Repair types' })).toHaveAccessibleDescription(
      'Choose at least one repair type',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('takes in a repair with the repair lead time as its promise and opens it', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope(makeRepair()));
    const user = userEvent.setup();
    renderForm();
    // Settings › orders: repairs are promised 10 days out.
    await waitFor(() => expect(screen.getByLabelText('Promised date')).toHaveValue('2025-06-25'));
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'ana');
    await user.click(
      within(await screen.findByRole('list', { name: 'Customer matches' })).getByRole('button', {
        name: /Ana Silva/,
      }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Item description' }), 'Gold chain');
    await user.click(screen.getByRole('checkbox', { name: 'Chain repair' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cleaning' }));
    await user.type(screen.getByRole('textbox', { name: 'Declared value (USD)' }), '900');
    await user.type(screen.getByRole('textbox', { name: 'Estimate (USD)' }), '45.50');
    await user.click(screen.getByRole('button', { name: 'Take in repair' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('repairs', {
        customerId: CUSTOMER_ID,
        itemDescription: 'Gold chain',
        repairTypes: ['chain_repair', 'cleaning'],
        conditionNotes: '',
        declaredValueCents: 90_000,
        estimateCents: 4_550,
        promisedDate: '2025-06-25',
        isRush: false,
        intakeLocationId: 'LOC001',
        pickupLocationId: 'LOC001',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
        `/repairs/${REPAIR_ID}`,
      ),
    );
  });

  it('offers only the statuses that may follow the current one', async () => {
    const user = userEvent.setup();
    renderForm(makeRepair({ status: 'in_progress' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'In progress',
      'Waiting for parts',
      'Quality check',
      'Cancelled',
    ]);
  });

  it('saves only the repair types that changed', async () => {
    const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue(envelope(makeRepair()));
    const user = userEvent.setup();
    renderForm(makeRepair({ repairTypes: ['sizing', 'prong_retipping'] }));
    expect(screen.getByRole('checkbox', { name: 'Sizing' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Sizing' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`repairs/${REPAIR_ID}`, { repairTypes: ['prong_retipping'] }),
    );
  });
});
