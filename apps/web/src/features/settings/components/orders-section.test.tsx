import { ORDER_SETTINGS_DEFAULTS } from '@loupe/domain/settings/order-settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders } from '@/test/settings-test-utils';
import { LEAD_TIME_MESSAGE } from './order-settings-form-model';
import { ORDER_SETTINGS_SAVED, OrdersSection } from './orders-section';

const STORED = { ...ORDER_SETTINGS_DEFAULTS, orderNumberPrefix: 'JB' };

function renderOrders() {
  return renderWithSettingsProviders(<OrdersSection />, { user: makeUser('manager') });
}

describe('OrdersSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      if (path !== 'settings/orders') throw new Error(`unexpected GET ${path}`);
      return { success: true, data: STORED };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('shows the stored numbering and lead times', async () => {
    renderOrders();
    expect(await screen.findByRole('textbox', { name: 'Order number prefix' })).toHaveValue('JB');
    expect(screen.getByRole('textbox', { name: 'Repair number prefix' })).toHaveValue(
      ORDER_SETTINGS_DEFAULTS.repairNumberPrefix,
    );
    expect(screen.getByRole('spinbutton', { name: 'Default lead time (days)' })).toHaveValue(21);
    expect(screen.getByRole('spinbutton', { name: 'Rush lead time (days)' })).toHaveValue(7);
    expect(screen.getByRole('spinbutton', { name: 'Repair lead time (days)' })).toHaveValue(10);
  });

  it('refuses a prefix or a lead time the server would refuse, next to the field', async () => {
    const put = vi.spyOn(apiClient, 'put');
    const user = userEvent.setup();
    renderOrders();
    const prefix = await screen.findByRole('textbox', { name: 'Order number prefix' });
    await user.clear(prefix);
    await user.type(prefix, 'jb-1');
    const rush = screen.getByRole('spinbutton', { name: 'Rush lead time (days)' });
    await user.clear(rush);
    await user.type(rush, '0');
    await user.clear(screen.getByRole('spinbutton', { name: 'Repair lead time (days)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('Use 1–8 capital letters or digits, starting with a letter'),
    ).toBeInTheDocument();
    expect(prefix).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(LEAD_TIME_MESSAGE)).toHaveLength(2);
    expect(put).not.toHaveBeenCalled();
  });

  it('refuses an order prefix the repairs are numbered with, next to it, and sends nothing', async () => {
    const put = vi.spyOn(apiClient, 'put');
    const user = userEvent.setup();
    renderOrders();
    const prefix = await screen.findByRole('textbox', { name: 'Order number prefix' });
    await user.clear(prefix);
    await user.type(prefix, ORDER_SETTINGS_DEFAULTS.repairNumberPrefix);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'Repairs are numbered REP-…: give orders a different prefix, so an order and a repair never share a number',
      ),
    ).toBeInTheDocument();
    expect(prefix).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Repair number prefix' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('saves only what changed and says so', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({
      success: true,
      data: { ...STORED, orderNumberPrefix: 'ORD', rushLeadTimeDays: 5 },
    });
    const user = userEvent.setup();
    renderOrders();
    const prefix = await screen.findByRole('textbox', { name: 'Order number prefix' });
    await user.clear(prefix);
    await user.type(prefix, 'ORD');
    const rush = screen.getByRole('spinbutton', { name: 'Rush lead time (days)' });
    await user.clear(rush);
    await user.type(rush, '5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(getToasts()[0]?.title).toBe(ORDER_SETTINGS_SAVED));
    expect(put).toHaveBeenCalledWith('settings/orders', { orderNumberPrefix: 'ORD', rushLeadTimeDays: 5 });
    expect(screen.getByRole('textbox', { name: 'Order number prefix' })).toHaveValue('ORD');
  });

  it("shows the server's refusal at the form", async () => {
    vi.spyOn(apiClient, 'put').mockRejectedValue(
      new ApiError({ message: 'You may not change these settings', status: 403, code: 'FORBIDDEN' }),
    );
    const user = userEvent.setup();
    renderOrders();
    const days = await screen.findByRole('spinbutton', { name: 'Default lead time (days)' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('You may not change these settings')).toBeInTheDocument();
  });

  it('shows a load failure with a way to try again', async () => {
    vi.mocked(apiClient.get).mockRejectedValueOnce(
      new ApiError({ message: 'Server unavailable', status: 503 }),
    );
    const user = userEvent.setup();
    renderOrders();
    expect(await screen.findByText('Server unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Order number prefix' })).toHaveValue('JB');
  });
});
