import { NOTIFICATION_DEFAULTS } from '@loupe/domain/settings/notification-settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { NotificationsSection, QUIET_HOURS_SAVED } from './notifications-section';

describe('Settings › notifications', () => {
  beforeEach(() => {
    mockGet({ 'settings/notifications': envelope(NOTIFICATION_DEFAULTS) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('saves a switch at once', async () => {
    const put = vi
      .spyOn(apiClient, 'put')
      .mockImplementation(async (_path, body) => envelope({ ...NOTIFICATION_DEFAULTS, ...(body as object) }));
    const user = userEvent.setup();
    renderWithProviders(<NotificationsSection />, {
      user: makeUser('manager'),
      route: '/settings/notifications',
    });
    await user.click(await screen.findByRole('switch', { name: 'Daily digest' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('settings/notifications', { dailyDigest: true }));
  });

  it('turns quiet hours on, refuses a span that ends when it starts, saves a night and turns them off', async () => {
    const put = vi
      .spyOn(apiClient, 'put')
      .mockImplementation(async (_path, body) => envelope({ ...NOTIFICATION_DEFAULTS, ...(body as object) }));
    const user = userEvent.setup();
    renderWithProviders(<NotificationsSection />, {
      user: makeUser('production'),
      route: '/settings/notifications',
    });
    const form = await screen.findByRole('form', { name: 'Quiet hours' });
    expect(within(form).queryByLabelText('From')).toBeNull();
    await user.click(within(form).getByRole('switch', { name: 'Quiet hours' }));
    fireEvent.change(within(form).getByLabelText('Until'), { target: { value: '20:00' } });
    await user.click(within(form).getByRole('button', { name: 'Save quiet hours' }));
    expect(
      within(form).getByText('Quiet hours must end at another time than they start'),
    ).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Until'), { target: { value: '07:30' } });
    await user.click(within(form).getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('settings/notifications', {
        quietHours: { start: '20:00', end: '07:30' },
      }),
    );
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(QUIET_HOURS_SAVED));

    const saved = await screen.findByRole('form', { name: 'Quiet hours' });
    await user.click(within(saved).getByRole('switch', { name: 'Quiet hours' }));
    await user.click(within(saved).getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(put).toHaveBeenLastCalledWith('settings/notifications', { quietHours: null }));
  });
});
