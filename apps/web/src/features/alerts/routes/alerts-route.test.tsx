import { ALERT_RULE_DEFAULTS, type TAlert } from '@loupe/domain/alerts/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { envelope, mockGet } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { AlertsRoute } from './alerts-route';

const NOW = new Date();

function alert(overrides: Partial<TAlert> & Pick<TAlert, 'id' | 'title'>): TAlert {
  return {
    rule: 'stuck-at-station',
    severity: 'medium',
    message: 'At Bench 1 for 26 hours.',
    subject: { kind: 'order', id: 'o1', label: 'ORD-00042' },
    status: 'open',
    raisedAt: new Date(NOW.getTime() - 3_600_000).toISOString(),
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    resolutionNote: null,
    clearedAutomatically: false,
    ...overrides,
  };
}

const stuck = alert({ id: 'a1', title: 'ORD-00042 has not moved' });
const silent = alert({
  id: 'a2',
  title: 'Bench portal is silent',
  rule: 'reader-silent',
  severity: 'high',
  subject: { kind: 'reader', id: 'fx-1', label: 'Bench portal' },
});

function renderAlerts(role: 'admin' | 'manager' | 'designer' = 'manager') {
  return renderWithProviders(<AlertsRoute />, { user: makeUser(role), route: '/alerts' });
}

describe('/alerts', () => {
  beforeEach(() => {
    stubPointerApis();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the open alerts with their severity, rule and subject link, and acknowledges one', async () => {
    const get = mockGet({ alerts: envelope([silent, stuck]), 'alerts/rules': envelope(ALERT_RULE_DEFAULTS) });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue(envelope({ ...stuck, status: 'acknowledged', acknowledgedAt: NOW.toISOString() }));
    const user = userEvent.setup();
    renderAlerts();
    const list = await screen.findByRole('list', { name: 'Alert list' });
    const row = within(list).getByRole('listitem', { name: 'ORD-00042 has not moved' });
    expect(within(row).getByText('Medium')).toBeInTheDocument();
    expect(within(row).getByText('Stuck at a station')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'ORD-00042 has not moved' })).toHaveAttribute(
      'href',
      '/orders/o1',
    );
    // A reader's setup is the admin's: a manager reads the title, with no link to a page that refuses them.
    expect(within(list).queryByRole('link', { name: 'Bench portal is silent' })).toBeNull();
    expect(within(list).getByText('Bench portal is silent')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('alerts', expect.objectContaining({ searchParams: { status: 'open' } }));

    await user.click(within(row).getByRole('button', { name: 'Acknowledge ORD-00042 has not moved' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('alerts/a1/acknowledge'));
  });

  it("links an admin's reader alert to RFID Mapping", async () => {
    mockGet({ alerts: envelope([silent]), 'alerts/rules': envelope(ALERT_RULE_DEFAULTS) });
    renderAlerts('admin');
    const list = await screen.findByRole('list', { name: 'Alert list' });
    expect(within(list).getByRole('link', { name: 'Bench portal is silent' })).toHaveAttribute(
      'href',
      '/rfid-mapping',
    );
  });

  it('resolves only with a note saying what was done', async () => {
    mockGet({ alerts: envelope([stuck]), 'alerts/rules': envelope(ALERT_RULE_DEFAULTS) });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope({ ...stuck, status: 'resolved' }));
    const user = userEvent.setup();
    renderAlerts();
    await user.click(await screen.findByRole('button', { name: 'Resolve ORD-00042 has not moved' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByText('Say what was done about it')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('What was done'), 'Moved to polishing by hand.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('alerts/a1/resolve', { note: 'Moved to polishing by hand.' }),
    );
  });

  it('shows a designer the feed and the rules, but neither resolve nor save', async () => {
    mockGet({ alerts: envelope([stuck]), 'alerts/rules': envelope(ALERT_RULE_DEFAULTS) });
    renderAlerts('designer');
    expect(
      await screen.findByRole('button', { name: 'Acknowledge ORD-00042 has not moved' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve ORD-00042 has not moved' })).toBeNull();
    const rules = await screen.findByRole('form', { name: 'Alert rules' });
    expect(within(rules).queryByRole('button', { name: 'Save rules' })).toBeNull();
    expect(within(rules).getByRole('switch', { name: 'Stuck at a station' })).toBeDisabled();
  });

  it('says nothing needs attention when no alert is open', async () => {
    mockGet({ alerts: envelope([]), 'alerts/rules': envelope(ALERT_RULE_DEFAULTS) });
    renderAlerts();
    expect(await screen.findByText('No alerts')).toBeInTheDocument();
  });

  it('saves the rules a manager changes, and refuses a limit that is not a number', async () => {
    mockGet({ alerts: envelope([]), 'alerts/rules': envelope(ALERT_RULE_DEFAULTS) });
    const put = vi.spyOn(apiClient, 'put').mockImplementation(async (_path, body) => envelope(body));
    const user = userEvent.setup();
    renderAlerts();
    const rules = await screen.findByRole('form', { name: 'Alert rules' });
    const limit = within(rules).getByLabelText('Stuck at a station: limit in hours');
    await user.clear(limit);
    await user.click(within(rules).getByRole('button', { name: 'Save rules' }));
    expect(within(rules).getByRole('alert')).toHaveTextContent('Enter a number');
    expect(put).not.toHaveBeenCalled();
    await user.type(limit, '8');
    await user.click(within(rules).getByRole('switch', { name: 'Unknown tag read' }));
    await user.click(within(rules).getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('alerts/rules', {
        ...ALERT_RULE_DEFAULTS,
        'stuck-at-station': { ...ALERT_RULE_DEFAULTS['stuck-at-station'], limit: 8 },
        'unknown-tag': { ...ALERT_RULE_DEFAULTS['unknown-tag'], enabled: false },
      }),
    );
  });
});
