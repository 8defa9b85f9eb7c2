import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { giveChartsASize } from '@/components/chart/chart-test-size';
import type { TRequestOptions } from '@/lib/api-client';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { EMPTY_TRANSIT, TRANSIT_ANALYTICS } from '../analytics-fixtures';
import { TransitAnalyticsRoute } from './transit-analytics-route';

function render(route: string, answer: (options: TRequestOptions | undefined) => unknown) {
  mockGet({
    locations: page([]),
    departments: page([]),
    'catalog/product-types': page([]),
    'workflow/people': envelope([]),
    'analytics/transit': answer,
  });
  renderWithProviders(<TransitAnalyticsRoute />, {
    user: makeUser('manager'),
    route,
    path: '/transit-analytics',
  });
}

describe('TransitAnalyticsRoute', { timeout: 20_000 }, () => {
  giveChartsASize();

  it('asks for the dates and the location only, and offers no filters of the jobs', async () => {
    const asked: unknown[] = [];
    render('/transit-analytics?from=2026-08-01&to=2026-10-31&locationId=LOC002&kind=order', (options) => {
      asked.push(options?.searchParams);
      return envelope(TRANSIT_ANALYTICS);
    });
    expect(await screen.findByRole('region', { name: 'Routes' })).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ from: '2026-08-01', to: '2026-10-31', locationId: 'LOC002' });
    expect(screen.getByRole('heading', { level: 1, name: 'Transit Analytics' })).toBeInTheDocument();
    expect(screen.queryByText('Product type')).not.toBeInTheDocument();
    expect(screen.queryByText('Salesperson')).not.toBeInTheDocument();
  });

  it('says there is nothing to show for a period without bags', async () => {
    render('/transit-analytics?from=2026-08-01&to=2026-10-31', () => envelope(EMPTY_TRANSIT));
    expect(await screen.findByText('No transfers in this period')).toBeInTheDocument();
  });

  it('says what could not be loaded', async () => {
    render('/transit-analytics', () => {
      throw new Error('boom');
    });
    expect(await screen.findByText('Could not load the transit figures')).toBeInTheDocument();
  });
});
