import type { TWebhookDelivery, TWebhookSubscription } from '@loupe/domain/integrations/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clearToasts, getToasts } from '@/lib/toast';
import { makeUser } from '@/test/factories';
import { renderWithSettingsProviders, stubResizeObserver } from '@/test/settings-test-utils';
import { EPCIS_CAPTURE_OFF } from '../integrations-fixtures';
import { IntegrationsSection } from './integrations-section';

const AT = '2026-11-28T10:00:00.000Z';
const WEBHOOK: TWebhookSubscription = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://erp.example.com/hooks',
  description: 'ERP',
  eventTypes: ['order.created', 'order.ready_for_pickup'],
  enabled: true,
  allowPrivateNetwork: false,
  createdAt: AT,
  createdBy: null,
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
};
const DELIVERY: TWebhookDelivery = {
  id: '22222222-2222-4222-8222-222222222222',
  subscriptionId: WEBHOOK.id,
  eventType: 'order.created',
  payload: { type: 'order.created', timestamp: AT, data: {} },
  status: 'delivered',
  attempts: 2,
  nextAttemptAt: null,
  lastStatusCode: 200,
  lastError: null,
  attemptLog: [
    { at: AT, statusCode: 500, error: 'The receiver answered 500', durationMs: 12 },
    { at: AT, statusCode: 200, error: null, durationMs: 9 },
  ],
  createdAt: AT,
  deliveredAt: AT,
};
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtMDEyMzQ1Njc4OWFiY2RlZg==';

describe('IntegrationsSection', { timeout: 30_000 }, () => {
  let webhooks: TWebhookSubscription[];
  beforeEach(() => {
    stubResizeObserver();
    webhooks = [WEBHOOK];
    vi.spyOn(apiClient, 'get').mockImplementation(async (path: string) => {
      if (path === 'webhooks') return { success: true, data: webhooks };
      if (path === 'integrations/epcis-capture') return { success: true, data: EPCIS_CAPTURE_OFF };
      if (path === 'webhooks/deliveries') {
        return { success: true, data: { items: [DELIVERY], total: 1, nextCursor: null } };
      }
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearToasts();
  });

  it('lists webhooks and the delivery log with every status code, and replays a delivery', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      success: true,
      data: { ...DELIVERY, status: 'pending', nextAttemptAt: AT },
    });
    const user = userEvent.setup();
    renderWithSettingsProviders(<IntegrationsSection />, { user: makeUser('admin') });
    const item = await screen.findByRole('listitem', { name: WEBHOOK.url });
    expect(within(item).getByText('Order created · Order ready for pickup')).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Webhook deliveries' });
    expect(within(log).getByText('Answers: 500, 200')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`webhooks/deliveries/${DELIVERY.id}/replay`));
    await user.click(within(item).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`webhooks/${WEBHOOK.id}/test`));
  });

  it('adds a webhook with its events and the private-network opt-in, then shows the secret once', async () => {
    const created = { ...WEBHOOK, id: '33333333-3333-4333-8333-333333333333', url: 'http://192.168.1.20/in' };
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async () => {
      webhooks = [WEBHOOK, created];
      return { success: true, data: { subscription: created, secret: SECRET } };
    });
    const user = userEvent.setup();
    renderWithSettingsProviders(<IntegrationsSection />, { user: makeUser('admin') });
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    const submit = within(form).getByRole('button', { name: 'Add webhook' });
    expect(submit).toBeDisabled();
    await user.type(within(form).getByLabelText('Address'), 'http://192.168.1.20/in');
    await user.click(within(form).getByLabelText('Design approved'));
    await user.click(within(form).getByLabelText('Order created'));
    const optIn = within(form).getByLabelText('Allow an address on our own network');
    expect(optIn).toHaveAccessibleDescription(/Only for a server you run yourself/);
    await user.click(optIn);
    await user.click(submit);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('webhooks', {
        url: 'http://192.168.1.20/in',
        description: '',
        eventTypes: ['order.created', 'design.approved'],
        allowPrivateNetwork: true,
      }),
    );
    expect(await screen.findByLabelText('Signing secret')).toHaveValue(SECRET);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    // Once the dialog is closed, the secret is nowhere on the page.
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    expect(await screen.findByRole('listitem', { name: created.url })).toBeInTheDocument();
  });

  it('shows a refused address on the address field', async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError({
        message: 'refused',
        status: 400,
        code: 'URL_NOT_ALLOWED',
        details: { issues: [{ field: 'body.url', message: 'This address is on a private network' }] },
      }),
    );
    const user = userEvent.setup();
    renderWithSettingsProviders(<IntegrationsSection />, { user: makeUser('admin') });
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.type(within(form).getByLabelText('Address'), 'http://localhost/in');
    await user.click(within(form).getByLabelText('Order created'));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('This address is on a private network')).toBeInTheDocument();
  });
  it('says a removed webhook is gone, though its row leaves the list before the request settles', async () => {
    const remove = vi.spyOn(apiClient, 'delete').mockImplementation(async () => {
      webhooks = [];
      return { success: true, message: 'Webhook removed.' };
    });
    // The log refetched after the removal answers after the list did, as over a network.
    const answer = vi.mocked(apiClient.get).getMockImplementation();
    vi.mocked(apiClient.get).mockImplementation(async (path, options) => {
      if (path === 'webhooks/deliveries' && webhooks.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return answer?.(path, options);
    });
    const user = userEvent.setup();
    renderWithSettingsProviders(<IntegrationsSection />, { user: makeUser('admin') });
    const item = await screen.findByRole('listitem', { name: WEBHOOK.url });
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No webhooks')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(`webhooks/${WEBHOOK.id}`);
    await waitFor(() => expect(getToasts().map((each) => each.title)).toContain('Webhook removed.'));
  });
});
