import { CUSTOMER_MESSAGE_SETTINGS_DEFAULTS } from '@loupe/domain/customer-messages/customer-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { CustomerMessagesSection } from './customer-messages-section';

const STORED = {
  ...CUSTOMER_MESSAGE_SETTINGS_DEFAULTS,
  sms: {
    accountSid: 'AC123',
    fromNumber: '+15550100000',
    baseUrl: 'https://api.twilio.com',
    isAuthTokenSet: true,
    allowPrivateNetwork: false,
  },
};

function renderSection(role: 'admin' | 'manager' = 'admin') {
  return renderWithSettingsProviders(<CustomerMessagesSection />, { user: makeUser(role) });
}

describe('CustomerMessagesSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubResizeObserver();
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      if (path !== 'settings/customer-messages') throw new Error(`unexpected GET ${path}`);
      return { success: true, data: STORED };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('previews the template live with sample values as it is typed', async () => {
    const user = userEvent.setup();
    renderSection();
    const sms = await screen.findByRole('textbox', { name: 'SMS' });
    const preview = screen.getByTestId('sms-preview');
    expect(preview).toHaveTextContent('Hi Ada, Your shop has received your order ORD-00042.');
    await user.clear(sms);
    await user.type(sms, 'Dear {{{{customerName}}, {{{{jobNumber}} is in.');
    expect(preview).toHaveTextContent('Dear Ada Lovelace, ORD-00042 is in.');
    await user.type(sms, ' {{{{price}}');
    expect(screen.getByText('Unknown placeholder: {{price}}')).toBeInTheDocument();
  });

  it('shows the auth token only as set, and sends a new one with the changed template only', async () => {
    const put = vi.spyOn(apiClient, 'put').mockImplementation(async (_path, body) => ({
      success: true,
      data: { ...STORED, ...(body as object) },
    }));
    const user = userEvent.setup();
    renderSection();
    const token = await screen.findByLabelText(/Auth token/);
    expect(token).toHaveValue('');
    expect(screen.getByText('set')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Ready for pickup/ }));
    const subject = screen.getByRole('textbox', { name: 'E-mail subject' });
    await user.clear(subject);
    await user.type(subject, 'Ready: {{{{jobNumber}}');
    expect(screen.getByTestId('email-subject-preview')).toHaveTextContent('Ready: ORD-00042');
    await user.type(token, 'new-token-123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('settings/customer-messages', {
      templates: { ready: { ...STORED.templates.ready, emailSubject: 'Ready: {{jobNumber}}' } },
      sms: { authToken: 'new-token-123' },
    });
    expect(
      within(screen.getByRole('form', { name: 'Customer message settings' })).queryByText('new-token-123'),
    ).toBeNull();
  });

  // Issue 34 §2: the SMS provider is an admin's, and a new address needs its token again.
  it('lets a manager change the templates but shows the SMS provider read-only', async () => {
    const put = vi.spyOn(apiClient, 'put').mockImplementation(async () => ({ success: true, data: STORED }));
    const user = userEvent.setup();
    renderSection('manager');
    const baseUrl = await screen.findByLabelText('API base URL');
    expect(baseUrl).toBeDisabled();
    expect(screen.getByLabelText(/Auth token/)).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Allow an address on our own network' })).toBeDisabled();
    expect(screen.getByText(/Only admins can change the SMS provider/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove the stored token' })).toBeNull();
    await user.clear(screen.getByLabelText('Still waiting after (days)'));
    await user.type(screen.getByLabelText('Still waiting after (days)'), '21');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('settings/customer-messages', { stillWaitingDays: 21 }),
    );
  });

  it('asks an admin for the token again when the address changes, and sends the opt-in with it', async () => {
    const put = vi.spyOn(apiClient, 'put').mockImplementation(async () => ({ success: true, data: STORED }));
    const user = userEvent.setup();
    renderSection('admin');
    const baseUrl = await screen.findByLabelText('API base URL');
    const token = screen.getByLabelText(/Auth token/);
    expect(token).not.toHaveAccessibleDescription(/enter the secret again/);
    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://sms-gateway.lan:8080');
    expect(token).toHaveAccessibleDescription(/The address changed: enter the secret again/);
    const optIn = screen.getByRole('checkbox', { name: 'Allow an address on our own network' });
    expect(optIn).toHaveAccessibleDescription(/Only for a server you run yourself/);
    await user.click(optIn);
    await user.type(token, 'gateway-token-1');
    expect(token).not.toHaveAccessibleDescription(/enter the secret again/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('settings/customer-messages', {
        sms: {
          baseUrl: 'http://sms-gateway.lan:8080',
          authToken: 'gateway-token-1',
          allowPrivateNetwork: true,
        },
      }),
    );
  });
});
