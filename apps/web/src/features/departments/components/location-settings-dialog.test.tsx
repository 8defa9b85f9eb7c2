import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { locationSettingsView, STORE, WORKSHOP } from '@/test/location-mocks';
import { renderWithSettingsProviders } from '@/test/settings-test-utils';
import { LocationsSection } from './locations-section';

const STORE_CALENDAR = {
  timeZone: 'America/New_York',
  openDays: [2, 3, 4, 5, 6],
  opensAt: '10:00',
  closesAt: '19:00',
  closedDates: ['2025-12-25'],
};

function mockLocations(storeSettings: unknown = locationSettingsView(STORE)) {
  return mockGet({
    locations: page([WORKSHOP, STORE]),
    [`locations/${STORE.id}/settings`]: storeSettings,
  });
}

async function openRules(user: ReturnType<typeof userEvent.setup>) {
  renderWithSettingsProviders(<LocationsSection />, { user: makeUser('admin') });
  await user.click(await screen.findByRole('button', { name: 'Rules of Downtown Store' }));
  return screen.findByRole('dialog', { name: 'Rules of Downtown Store' });
}

describe('LocationSettingsDialog', { timeout: 30_000 }, () => {
  beforeEach(() => stubPointerApis());
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('shows what follows the workshop, and saves a location that sets nothing of its own as {}', async () => {
    mockLocations();
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(locationSettingsView(STORE));
    const user = userEvent.setup();
    const dialog = await openRules(user);
    expect(await within(dialog).findByRole('switch', { name: 'Same as the workshop' })).toBeChecked();
    expect(dialog).toHaveTextContent("The workshop's: Mon, Tue, Wed, Thu, Fri 09:00–17:00 (UTC)");
    expect(
      within(dialog).getByRole('textbox', { name: 'Offsite after (minutes)' }),
    ).toHaveAccessibleDescription("Blank: the workshop's 30 minutes");
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith(`locations/${STORE.id}/settings`, {}));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToasts()[0]?.title).toBe('The rules of Downtown Store were saved');
  });

  it('refuses numbers out of range and an unknown time zone next to their fields, and sends nothing', async () => {
    mockLocations();
    const put = vi.spyOn(apiClient, 'put');
    const user = userEvent.setup();
    const dialog = await openRules(user);
    await user.click(await within(dialog).findByRole('switch', { name: 'Same as the workshop' }));
    const zone = within(dialog).getByRole('textbox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.type(within(dialog).getByRole('textbox', { name: 'Offsite after (minutes)' }), 'soon');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Transit to the workshop (working days)' }),
      '31',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(zone).toHaveAccessibleDescription(
      'Such as Europe/London or America/New_York Choose a time zone such as Europe/London',
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Offsite after (minutes)' }),
    ).toHaveAccessibleDescription("Blank: the workshop's 30 minutes Enter a whole number, or leave it blank");
    expect(
      within(dialog).getByRole('textbox', { name: 'Transit to the workshop (working days)' }),
    ).toHaveAccessibleDescription(
      'One way; a job taken in here is promised twice this much later Use 0 to 30 days, or leave it blank',
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('saves its own hours, keeping its closed dates, with its transit and printers', async () => {
    mockLocations(locationSettingsView(STORE, { calendar: STORE_CALENDAR, transitDays: 1 }));
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue(locationSettingsView(STORE));
    const user = userEvent.setup();
    const dialog = await openRules(user);
    expect(await within(dialog).findByRole('switch', { name: 'Same as the workshop' })).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Time zone' })).toHaveValue('America/New_York');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    const transit = within(dialog).getByRole('textbox', { name: 'Transit to the workshop (working days)' });
    await user.clear(transit);
    await user.type(transit, '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label printer' }), 'zebra-store');
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(`locations/${STORE.id}/settings`, {
        calendar: { ...STORE_CALENDAR, openDays: [0, 2, 3, 4, 5, 6] },
        transitDays: 2,
        labelPrinter: 'zebra-store',
      }),
    );
  });

  it("shows the server's refusal under its field", async () => {
    mockLocations(locationSettingsView(STORE, { calendar: STORE_CALENDAR }));
    vi.spyOn(apiClient, 'put').mockRejectedValue(
      new ApiError({
        message: 'calendar.timeZone: unknown',
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'calendar.timeZone', message: 'The database knows no such zone' }] },
      }),
    );
    const user = userEvent.setup();
    const dialog = await openRules(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Save rules' }));
    expect(await within(dialog).findByText('The database knows no such zone')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when the rules cannot be loaded and loads them again on Retry', async () => {
    let fails = true;
    mockLocations(() =>
      fails
        ? new ApiError({ message: 'The server is down', status: 503, code: 'INTERNAL' })
        : locationSettingsView(STORE),
    );
    const user = userEvent.setup();
    const dialog = await openRules(user);
    expect(await within(dialog).findByText('The server is down')).toBeInTheDocument();
    fails = false;
    await user.click(within(dialog).getByRole('button', { name: /Retry|Try again/ }));
    expect(await within(dialog).findByRole('switch', { name: 'Same as the workshop' })).toBeInTheDocument();
  });

  it('is offered only to those who manage the registry', async () => {
    mockLocations();
    renderWithSettingsProviders(<LocationsSection />, { user: makeUser('salesperson') });
    expect(await screen.findByText('Downtown Store')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rules of Downtown Store' })).toBeNull();
  });
});
