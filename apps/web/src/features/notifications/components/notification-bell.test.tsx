import type { TNotification } from '@loupe/domain/alerts/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { envelope, mockGet } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { NotificationBell } from './notification-bell';

const NOW = new Date().toISOString();
const notice = (overrides: Partial<TNotification> & Pick<TNotification, 'id' | 'title'>): TNotification => ({
  kind: 'alert',
  message: 'At Bench 1 for 26 hours.',
  link: '/orders/o1',
  createdAt: NOW,
  readAt: null,
  ...overrides,
});

describe('the bell', () => {
  beforeEach(() => {
    stubPointerApis();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('counts the unread notices, and opening one marks it read and goes where it leads', async () => {
    mockGet({
      notifications: envelope({
        items: [
          notice({ id: 'n1', title: 'ORD-00042 has not moved' }),
          notice({
            id: 'n2',
            title: 'New task: REP-00007',
            kind: 'assignment',
            readAt: NOW,
            link: '/repairs/r7',
          }),
        ],
        unread: 1,
      }),
    });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope(null));
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />, {
      user: makeUser('manager'),
      route: '/dashboard',
      otherRoutes: ['/orders/:id'],
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('(unread)')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /ORD-00042 has not moved/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('notifications/n1/read'));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/orders/o1');
  });

  it("takes someone whose role cannot open a notice's job to the list it belongs to (issue 35)", async () => {
    mockGet({
      notifications: envelope({
        items: [notice({ id: 'n3', title: 'New task: REP-00004', kind: 'assignment', link: '/repairs/r4' })],
        unread: 1,
      }),
    });
    vi.spyOn(apiClient, 'post').mockResolvedValue(envelope(null));
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />, {
      user: makeUser('qa'),
      route: '/dashboard',
      otherRoutes: ['/repairs/:id', '/my-tasks'],
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /New task: REP-00004/ }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/my-tasks'),
    );
  });

  it('marks all read at once', async () => {
    mockGet({ notifications: envelope({ items: [notice({ id: 'n1', title: 'Late' })], unread: 1 }) });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(envelope(null));
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />, { user: makeUser('qa'), route: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('notifications/read-all'));
  });

  it('says so when there is nothing', async () => {
    mockGet({ notifications: envelope({ items: [], unread: 0 }) });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />, { user: makeUser('qa'), route: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No notices yet/)).toBeInTheDocument();
  });
});
