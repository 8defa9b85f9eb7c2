import { LOGO_URL_MESSAGE } from '@loupe/domain/settings/branding-settings';
import { OFFSITE_DEFAULTS } from '@loupe/domain/settings/general-settings';
import { UNKNOWN_LOCALE_MESSAGE } from '@loupe/domain/settings/workshop-locale';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { makeQueryClient, renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { GeneralSection } from './general-section';

const SAVED = { ...OFFSITE_DEFAULTS, companyName: 'Atelier Nord' };

function renderGeneral({ canEdit = true } = {}) {
  return renderWithSettingsProviders(<GeneralSection canEdit={canEdit} />, {
    user: makeUser(canEdit ? 'manager' : 'qa'),
    queryClient: makeQueryClient(SAVED),
  });
}

const timeout = () => screen.getByRole('spinbutton', { name: 'Offsite timeout (minutes)' });
const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('GeneralSection', () => {
  beforeEach(() => {
    stubResizeObserver();
    stubPointerApis();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('shows the stored settings', () => {
    renderGeneral();
    expect(timeout()).toHaveValue(30);
    expect(screen.getByRole('spinbutton', { name: 'Expected offsite grace period (minutes)' })).toHaveValue(
      60,
    );
    expect(screen.getByRole('spinbutton', { name: 'Offsite check interval (minutes)' })).toHaveValue(5);
    expect(screen.getByRole('switch', { name: 'Automatic offsite detection' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Atelier Nord');
    expect(screen.getByRole('textbox', { name: 'Tagline' })).toHaveValue('');
  });

  it.each([
    ['zero', '0'],
    ['empty', ''],
    ['a fraction', '2.5'],
    ['beyond 30 days', '43201'],
  ])(
    'refuses an offsite timeout that is %s, next to the field, without calling the server',
    async (_label, typed) => {
      const put = vi.spyOn(apiClient, 'put');
      const user = userEvent.setup();
      renderGeneral();
      await user.clear(timeout());
      if (typed) await user.type(timeout(), typed);
      await user.click(save());
      expect(await screen.findByText('Enter whole minutes from 1 to 43200')).toBeInTheDocument();
      expect(timeout()).toHaveAttribute('aria-invalid', 'true');
      expect(timeout()).toHaveAccessibleDescription(/Enter whole minutes from 1 to 43200/);
      expect(put).not.toHaveBeenCalled();
    },
  );

  it('refuses an unsafe logo address', async () => {
    const put = vi.spyOn(apiClient, 'put');
    const user = userEvent.setup();
    renderGeneral();
    await user.type(screen.getByRole('textbox', { name: 'Logo URL' }), 'javascript:alert(1)');
    await user.click(save());
    expect(await screen.findByText(LOGO_URL_MESSAGE)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('sends only what changed, an emptied branding field as null, and confirms', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({
      success: true,
      data: { ...OFFSITE_DEFAULTS, offsiteTimeout: 45 },
    });
    const user = userEvent.setup();
    renderGeneral();
    await user.clear(timeout());
    await user.type(timeout(), '45');
    await user.clear(screen.getByRole('textbox', { name: 'Company name' }));
    await user.click(save());
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('settings/general', { offsiteTimeout: 45, companyName: null });
    await waitFor(() => expect(getToasts()[0]?.title).toBe('General settings saved'));
    // The form starts over from what the server answered.
    expect(await screen.findByRole('textbox', { name: 'Company name' })).toHaveValue('');
    expect(timeout()).toHaveValue(45);
  });

  it('sends the nightly backups to keep, and refuses a negative number without calling the server', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({
      success: true,
      data: { ...OFFSITE_DEFAULTS, nightlyBackupKeep: 14 },
    });
    const user = userEvent.setup();
    renderGeneral();
    const keep = screen.getByRole('spinbutton', { name: 'Nightly backups to keep' });
    expect(keep).toHaveValue(0);
    await user.clear(keep);
    await user.type(keep, '-2');
    await user.click(save());
    expect(await screen.findByText(/Enter a whole number from 0/)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await user.clear(keep);
    await user.type(keep, '14');
    await user.click(save());
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('settings/general', { nightlyBackupKeep: 14 });
  });

  it("shows the server's validation message next to its field", async () => {
    vi.spyOn(apiClient, 'put').mockRejectedValue(
      new ApiError({
        message: 'offsiteCheckInterval: too big',
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'body.offsiteCheckInterval', message: 'Too big for this workshop' }] },
      }),
    );
    const user = userEvent.setup();
    renderGeneral();
    const interval = screen.getByRole('spinbutton', { name: 'Offsite check interval (minutes)' });
    await user.clear(interval);
    await user.type(interval, '10');
    await user.click(save());
    expect(await screen.findByText('Too big for this workshop')).toBeInTheDocument();
    expect(interval).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows any other failure above the save button', async () => {
    vi.spyOn(apiClient, 'put').mockRejectedValue(
      new ApiError({ message: 'You do not have permission to do this.', status: 403, code: 'FORBIDDEN' }),
    );
    const user = userEvent.setup();
    renderGeneral();
    await user.click(screen.getByRole('switch', { name: 'Automatic offsite detection' }));
    await user.click(save());
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
  });

  it("offers the workshop's locale with a sample, en-US until one is saved, and sends only a change", async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({
      success: true,
      data: { ...SAVED, locale: 'en-GB' },
    });
    const user = userEvent.setup();
    renderGeneral();
    const locale = screen.getByRole('combobox', { name: 'Locale' });
    expect(locale).toHaveTextContent('American English · en-US');
    expect(locale).toHaveAccessibleDescription('Reads like: Mar 8, 2026 · 1,234.5 · $1,250.00');
    await user.click(locale);
    await user.click(await screen.findByRole('option', { name: 'British English · en-GB' }));
    expect(screen.getByRole('combobox', { name: 'Locale' })).toHaveAccessibleDescription(
      'Reads like: 8 Mar 2026 · 1,234.5 · US$1,250.00',
    );
    await user.click(save());
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('settings/general', { locale: 'en-GB' });
  });

  it('shows the server refusing an unknown locale next to the field', async () => {
    vi.spyOn(apiClient, 'put').mockRejectedValue(
      new ApiError({
        message: `body.locale: ${UNKNOWN_LOCALE_MESSAGE}`,
        status: 400,
        code: 'LOCALE_UNKNOWN',
        details: {
          issues: [{ field: 'body.locale', message: UNKNOWN_LOCALE_MESSAGE }],
        },
      }),
    );
    const user = userEvent.setup();
    renderGeneral();
    await user.click(screen.getByRole('combobox', { name: 'Locale' }));
    await user.click(await screen.findByRole('option', { name: 'German (Germany) · de-DE' }));
    await user.click(save());
    expect(await screen.findByText(UNKNOWN_LOCALE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Locale' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only for a role that may not edit it', () => {
    renderGeneral({ canEdit: false });
    expect(timeout()).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Automatic offsite detection' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(
      screen.getByText('Only an administrator or a manager can change these settings.'),
    ).toBeInTheDocument();
  });
});
