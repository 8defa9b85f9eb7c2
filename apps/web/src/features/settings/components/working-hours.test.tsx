import { WORKING_CALENDAR_DEFAULTS } from '@loupe/domain/workflow/working-calendar';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts, getToasts } from '@/lib/toast';
import { envelope, mockGet } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { WORKING_HOURS_SAVED, WorkingHours } from './working-hours';

describe('Settings › general › Working hours', () => {
  beforeEach(() => {
    mockGet({ 'workflow/calendar': envelope(WORKING_CALENDAR_DEFAULTS) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('opens Saturdays, refuses an unknown time zone, and saves the calendar', async () => {
    const put = vi.spyOn(apiClient, 'put').mockImplementation(async (_path, body) => envelope(body));
    const user = userEvent.setup();
    renderWithProviders(<WorkingHours canEdit />, { user: makeUser('manager'), route: '/settings/general' });
    const form = await screen.findByRole('form', { name: 'Working hours' });
    await user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    const zone = within(form).getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.type(within(form).getByLabelText(/Closed dates/), '2026-12-25');
    await user.click(within(form).getByRole('button', { name: 'Save working hours' }));
    expect(within(form).getByText('Choose a time zone such as Europe/London')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.clear(zone);
    await user.type(zone, 'Europe/London');
    await user.click(within(form).getByRole('button', { name: 'Save working hours' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('workflow/calendar', {
        ...WORKING_CALENDAR_DEFAULTS,
        timeZone: 'Europe/London',
        openDays: [1, 2, 3, 4, 5, 6],
        closedDates: ['2026-12-25'],
      }),
    );
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain(WORKING_HOURS_SAVED));
  });

  it('shows the hours without a save button to those who may not change them', async () => {
    renderWithProviders(<WorkingHours canEdit={false} />, {
      user: makeUser('salesperson'),
      route: '/settings/general',
    });
    const form = await screen.findByRole('form', { name: 'Working hours' });
    expect(within(form).getByLabelText('Opens at')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save working hours' })).toBeNull();
  });
});
