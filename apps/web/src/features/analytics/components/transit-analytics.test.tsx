import type { TTransitRoute } from '@loupe/domain/analytics/transit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chartLabels, giveChartsASize } from '@/components/chart/chart-test-size';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { EMPTY_TRANSIT, TRANSIT_ANALYTICS } from '../analytics-fixtures';
import { isTransitEmpty, routeLabels, TransitAnalytics } from './transit-analytics';

function render(data = TRANSIT_ANALYTICS) {
  return renderWithProviders(<TransitAnalytics data={data} />, {
    user: makeUser('manager'),
    route: '/transit-analytics',
  });
}

describe('TransitAnalytics', { timeout: 20_000 }, () => {
  giveChartsASize();

  it('shows the headline figures', () => {
    render();
    expect(screen.getByText('Median transit').nextElementSibling).toHaveTextContent('20.5 h');
    expect(screen.getByText('Bags arrived short').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Bags overdue now').nextElementSibling).toHaveTextContent('1');
  });

  it('charts the hours per route and carrier as its table gives them', async () => {
    render();
    const card = screen.getByRole('region', { name: 'Transit hours per route' });
    expect(chartLabels(card)).toEqual(['18.5 h', '96.0 h', '26.0 h', '120.4 h']);
    await userEvent.click(within(card).getByRole('tab', { name: 'Table' }));
    const table = within(card).getByRole('table', { name: 'Transit hours per route' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'Downtown Store → Main workshop',
        'FedEx Priority Overnight',
        '3',
        '9',
        '18.5 h',
        '26.0 h',
        '1',
        '33%',
        '0',
      ],
      ['Main workshop → Ashford Casting House', 'Brink’s', '2', '5', '96.0 h', '120.4 h', '0', '0%', '1'],
    ]);
  });

  it('puts the short bags on a percentage scale of their own and the daily median in hours', () => {
    render();
    // A bar of nothing carries no label.
    expect(chartLabels(screen.getByRole('region', { name: 'Bags arrived short per route' }))).toEqual([
      '33%',
    ]);
    expect(chartLabels(screen.getByRole('region', { name: 'Median transit hours by day' }))).toEqual([
      '19.0 h',
      '22.5 h',
    ]);
  });

  it('says so where a chart has nothing, and counts the page empty only with nothing on its way either', () => {
    const nothingArrived = {
      ...TRANSIT_ANALYTICS,
      routes: TRANSIT_ANALYTICS.routes.map((route) => ({ ...route, arrived: 0 })),
      byDay: [],
    };
    render(nothingArrived);
    const card = screen.getByRole('region', { name: 'Transit hours per route' });
    expect(within(card).getByText('No envelope sent in this period has arrived yet.')).toBeInTheDocument();
    expect(isTransitEmpty(EMPTY_TRANSIT)).toBe(true);
    expect(isTransitEmpty({ ...EMPTY_TRANSIT, summary: { ...EMPTY_TRANSIT.summary, inTransit: 1 } })).toBe(
      false,
    );
    expect(isTransitEmpty(TRANSIT_ANALYTICS)).toBe(false);
  });

  it('names the routes on the chart short enough to show whole, the carrier only where a route has several', () => {
    const [downtown, vendor] = TRANSIT_ANALYTICS.routes as [TTransitRoute, TTransitRoute];
    expect([downtown, vendor].map(routeLabels(TRANSIT_ANALYTICS.routes))).toEqual([
      'Downtown → Main',
      'Main → Ashford',
    ]);
    const ups = { ...downtown, carrier: 'UPS Next Day Air' };
    expect(routeLabels([downtown, ups])(ups)).toBe('Downtown → Main · UPS');
    // Two places of one first word keep their full names.
    const north = { ...vendor, toLocationId: 'LOC007', toLocationName: 'Main Street Store' };
    expect(routeLabels([downtown, north])(north)).toBe('Main workshop → Main Street Store');
  });
});
