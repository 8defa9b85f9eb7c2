import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { MY_HOURS_SAVED, MyWorkingHours } from './my-working-hours';

describe('Settings › profile › My working hours', () => {
  beforeEach(() => {
    mockGet({ 'workflow/people/user-production/hours': envelope(null) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('keeps the workshop hours until one turns on hours of one’s own, checks them and saves them', async () => {
    const put = vi
      .spyOn(apiClient, 'put')
      .mockImplementation(async (_path, body) => envelope((body as { hours: unknown }).hours));
    const user = userEvent.setup();
    renderWithProviders(<MyWorkingHours userId="user-production" />, {
      user: makeUser('production'),
      route: '/settings/profile',
    });
    const form = await screen.findByRole('form', { name: 'My working hours' });
    expect(within(form).queryByLabelText('From')).toBeNull();
    await user.click(within(form).getByRole('switch', { name: 'I keep hours of my own' }));
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await user.click(within(form).getByRole('checkbox', { name: day }));
    await user.click(within(form).getByRole('button', { name: 'Save my hours' }));
    expect(within(form).getByText('Choose at least one day')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(form).getByRole('button', { name: 'Save my hours' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('workflow/people/user-production/hours', {
        hours: { openDays: [6], opensAt: '09:00', closesAt: '17:00' },
      }),
    );
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(MY_HOURS_SAVED));
  });
});
