import type { TRole } from '@loupe/domain/auth/roles';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { PublicLinkPanel } from './public-link-panel';

const ORDER = { kind: 'order', id: '11111111-1111-4111-8111-111111111111' } as const;
const REPAIR = { kind: 'repair', id: '22222222-2222-4222-8222-222222222222' } as const;
const LINK = {
  token: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  url: 'http://loupe.test/t/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  createdAt: '2031-06-01T10:00:00.000Z',
};

function renderPanel(role: TRole, job: typeof ORDER | typeof REPAIR, link: typeof LINK | null) {
  vi.spyOn(apiClient, 'get').mockResolvedValue({ success: true, data: { link } });
  return renderWithProviders(<PublicLinkPanel job={job} />, { user: makeUser(role), route: '/job' });
}

// Issue 34 §5: a job's editors issue and revoke its customer link; whoever sees the job may show it.
describe('PublicLinkPanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['salesperson', ORDER],
    ['manager', ORDER],
    ['operator', REPAIR],
    ['production', REPAIR],
  ] as const)('offers a %s creating and revoking the %s link', async (role, job) => {
    const { unmount } = renderPanel(role, job, null);
    expect(await screen.findByRole('button', { name: 'Create tracking link' })).toBeInTheDocument();
    unmount();
    renderPanel(role, job, LINK);
    expect(await screen.findByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });

  it.each([
    ['designer', ORDER],
    ['qa', ORDER],
    ['operator', ORDER],
    ['salesperson', REPAIR],
  ] as const)('shows a %s the %s link, without creating or revoking it', async (role, job) => {
    const { unmount } = renderPanel(role, job, null);
    expect(await screen.findByText(/No tracking link yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create tracking link' })).toBeNull();
    unmount();
    renderPanel(role, job, LINK);
    expect(await screen.findByRole('textbox', { name: 'Tracking link' })).toHaveValue(LINK.url);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
