import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TRequestOptions } from '@/lib/api-client';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { ROOT_CAUSE_ANALYTICS } from '../analytics-fixtures';
import { RootCauseDashboardRoute } from './root-cause-dashboard-route';

function render(route: string) {
  const asked: unknown[] = [];
  mockGet({
    locations: page([]),
    departments: page([]),
    'catalog/product-types': page([]),
    'workflow/people': envelope([]),
    'analytics/root-cause': (options: TRequestOptions | undefined) => {
      asked.push(options?.searchParams);
      return envelope(ROOT_CAUSE_ANALYTICS);
    },
  });
  renderWithProviders(<RootCauseDashboardRoute />, {
    user: makeUser('manager'),
    route,
    path: '/root-cause-dashboard',
  });
  return asked;
}

describe('RootCauseDashboardRoute', { timeout: 20_000 }, () => {
  it('ranks the causes and drills down to the jobs of one, each linking to its page', async () => {
    const asked = render('/root-cause-dashboard?from=2026-08-01&to=2026-10-31');
    const causes = await screen.findByRole('region', { name: 'Top causes of late jobs' });
    await userEvent.click(within(causes).getByRole('tab', { name: 'Table' }));
    await userEvent.click(within(causes).getByRole('link', { name: 'Plating vendor' }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      'causeKind=offsite&causeId=S-2',
    );
    expect(asked.at(-1)).toEqual({
      from: '2026-08-01',
      to: '2026-10-31',
      level: 'station',
      causeKind: 'offsite',
      causeId: 'S-2',
    });
    expect(await screen.findByText(/Showing the jobs late because of/)).toHaveTextContent(
      'Plating vendor (Offsite leg)',
    );
    const jobs = screen.getByRole('region', { name: 'Late jobs: Plating vendor (Offsite leg)' });
    expect(within(jobs).getByRole('link', { name: 'REP-00007' })).toHaveAttribute('href', '/repairs/r-1');
    await userEvent.click(screen.getByRole('link', { name: 'Show every late job' }));
    expect(screen.getByRole('status', { name: 'Current location' })).not.toHaveTextContent('causeKind');
  });
});
