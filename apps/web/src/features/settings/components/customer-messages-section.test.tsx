import { CUSTOMER_MESSAGE_SETTINGS_DEFAULTS } from '@loupe/domain/customer-messages/customer-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { clearToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders, stubResizeObserver } from '../settings-test-utils';
import { CustomerMessagesSection } from './customer-messages-section';

const STORED = {
  ...CUSTOMER_MESSAGE_SETTINGS_DEFAULTS,
  sms: {
    accountSid: 'AC123',
    fromNumber: '+15550100000',
    baseUrl: 'https://api.twilio.com',
    isAuthTokenSet: true,
  },
};

function renderSection() {
  return renderWithSettingsProviders(<CustomerMessagesSection />, { user: makeUser('manager') });
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
});
