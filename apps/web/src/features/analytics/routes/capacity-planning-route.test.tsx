import type { TCapacityAnalytics } from '@loupe/domain/analytics/analytics-api';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TRequestOptions } from '@/lib/api-client';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { stubPointerApis } from '@/test/dom-stubs';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { CAPACITY_ANALYTICS } from '../analytics-fixtures';
import { CapacityPlanningRoute } from './capacity-planning-route';

const WITH_RUSH: TCapacityAnalytics = {
  ...CAPACITY_ANALYTICS,
  whatIf: {
    rushPredictedCompletion: '2099-01-05T15:00:00.000Z',
    pushedLate: [
      {
        kind: 'order',
        id: 'o-7',
        number: 'ORD-00007',
        promisedDate: '2099-01-06',
        predictedBefore: '2099-01-05T10:00:00.000Z',
        predictedAfter: '2099-01-08T10:00:00.000Z',
      },
    ],
  },
};

describe('CapacityPlanningRoute', { timeout: 20_000 }, () => {
  beforeEach(() => stubPointerApis());

  it('shows load against capacity per department and station, an overbooked week marked', async () => {
    mockGet({
      locations: page([]),
      departments: page([]),
      'catalog/product-types': page([]),
      'workflow/people': envelope([]),
      'analytics/capacity': envelope(CAPACITY_ANALYTICS),
    });
    renderWithProviders(<CapacityPlanningRoute />, {
      user: makeUser('manager'),
      route: '/capacity-planning',
    });
    const setting = await screen.findByRole('region', { name: 'Setting: load vs capacity' });
    await userEvent.click(within(setting).getByRole('tab', { name: 'Table' }));
    const first = within(setting).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['50.0 h', '40.0 h', '125%']);
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('tries a rush job and lists the jobs it would push past their promised day', async () => {
    const asked: unknown[] = [];
    mockGet({
      locations: page([]),
      departments: page([]),
      'catalog/product-types': page([]),
      'workflow/people': envelope([]),
      'analytics/capacity': (options: TRequestOptions | undefined) => {
        asked.push(options?.searchParams);
        return envelope(
          (options?.searchParams as { rushKind?: string } | undefined)?.rushKind
            ? WITH_RUSH
            : CAPACITY_ANALYTICS,
        );
      },
    });
    renderWithProviders(<CapacityPlanningRoute />, {
      user: makeUser('manager'),
      route: '/capacity-planning',
    });
    await screen.findByRole('heading', { name: 'What if we insert a rush job?' });
    await userEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(screen.getByText('Give the day the rush job is promised for')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Rush job promised for'), { target: { value: '2099-01-06' } });
    await userEvent.click(screen.getByRole('button', { name: 'Try it' }));
    const pushed = await screen.findByRole('region', { name: 'Jobs the rush job puts at risk' });
    expect(within(pushed).getByRole('link', { name: 'ORD-00007' })).toHaveAttribute('href', '/orders/o-7');
    expect(asked.at(-1)).toEqual({ weeks: 6, rushKind: 'order', rushPromisedDate: '2099-01-06' });
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      'rushPromisedDate=2099-01-06',
    );
  });
});
