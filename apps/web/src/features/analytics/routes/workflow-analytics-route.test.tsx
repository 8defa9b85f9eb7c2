import type { TWorkflowAnalytics } from '@loupe/domain/analytics/analytics-api';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { giveChartsASize } from '@/components/chart/chart-test-size';
import type { TRequestOptions } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeLocation, makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { WORKFLOW_ANALYTICS } from '../analytics-fixtures';
import { WorkflowAnalyticsRoute } from './workflow-analytics-route';

const OPTIONS = {
  locations: page([
    makeLocation({ id: 'L-1', name: 'Main workshop' }),
    makeLocation({ id: 'L-2', name: 'Annex' }),
  ]),
  departments: page([]),
  'catalog/product-types': page([]),
  'workflow/people': envelope([]),
};

function render(route = '/workflow-analytics', answer: unknown = envelope(WORKFLOW_ANALYTICS)) {
  const asked: TRequestOptions['searchParams'][] = [];
  mockGet({
    ...OPTIONS,
    'analytics/workflow': (options: TRequestOptions | undefined) => {
      asked.push(options?.searchParams);
      return answer;
    },
  });
  renderWithProviders(<WorkflowAnalyticsRoute />, {
    user: makeUser('manager'),
    route,
    path: '/workflow-analytics',
  });
  return asked;
}

const EMPTY: TWorkflowAnalytics = {
  ...WORKFLOW_ANALYTICS,
  throughput: [{ weekStart: '2026-10-19', started: 0, delivered: 0 }],
  wip: [],
  phaseTimes: [],
  stationTimes: [],
  bottlenecks: [],
  predictionAccuracy: { jobs: 0, meanAbsoluteErrorDays: null },
};

describe('WorkflowAnalyticsRoute', { timeout: 20_000 }, () => {
  giveChartsASize();

  it("asks for the address's filters and shows the prediction's mean absolute error", async () => {
    const asked = render('/workflow-analytics?from=2026-08-01&to=2026-10-31&locationId=L-1&kind=order');
    const error = await screen.findByText('Prediction error (mean absolute)');
    expect(error.nextElementSibling).toHaveTextContent('1.4 d');
    expect(screen.getByText(/over 8 delivered jobs/)).toBeInTheDocument();
    expect(asked[0]).toEqual({ from: '2026-08-01', to: '2026-10-31', locationId: 'L-1', kind: 'order' });
  });

  it('shows throughput, work in progress, phase and station times and the bottlenecks, each with its table', async () => {
    render();
    for (const name of [
      'Throughput per week',
      'Work in progress per phase',
      'Time per phase',
      'Labour vs dwell per phase',
      'Time per station',
      'Bottleneck ranking',
    ]) {
      const card = await screen.findByRole('region', { name });
      expect(within(card).getByRole('tab', { name: 'Table' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: `Download ${name} as CSV` })).toBeInTheDocument();
    }
    const phases = screen.getByRole('region', { name: 'Time per phase' });
    await userEvent.click(within(phases).getByRole('tab', { name: 'Table' }));
    const setting = within(phases)
      .getByRole('rowheader', { name: 'Stone setting' })
      .closest('tr') as HTMLElement;
    expect(
      within(setting)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6', '12.5 h', '12.5 h', '20.0 h', '—']);
    // Issue 37 §3: labour (people's timers) against dwell, per phase, in the chart's table and its CSV.
    const labour = screen.getByRole('region', { name: 'Labour vs dwell per phase' });
    await userEvent.click(within(labour).getByRole('tab', { name: 'Table' }));
    const casting = within(labour).getByRole('rowheader', { name: 'Casting' }).closest('tr') as HTMLElement;
    expect(
      within(casting)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1.5 h', '5.3 h']);
  });

  it('keeps a filter in the address when it is changed', async () => {
    render();
    await screen.findByRole('region', { name: 'Throughput per week' });
    // A week before the range's default start, whatever today is (the same day again would change nothing).
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const weekEarlier = new Date(Date.parse(`${from.value}T00:00:00Z`) - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    fireEvent.change(from, { target: { value: weekEarlier } });
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(`from=${weekEarlier}`);
  });

  it('says so when the period has no history', async () => {
    render('/workflow-analytics', envelope(EMPTY));
    expect(
      await screen.findByRole('heading', { name: 'No workflow history in this period' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Throughput per week' })).toBeNull();
  });

  it('shows a failed load with the way to try again', async () => {
    render(
      '/workflow-analytics',
      new ApiError({ message: 'The analytics are resting', status: 500, code: 'INTERNAL' }),
    );
    expect(await screen.findByText('Could not load the workflow figures')).toBeInTheDocument();
    expect(screen.getByText('The analytics are resting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
