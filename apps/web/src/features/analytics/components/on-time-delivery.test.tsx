import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chartLabels, giveChartsASize } from '@/components/chart/chart-test-size';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { ON_TIME_ANALYTICS } from '../analytics-fixtures';
import { OnTimeDelivery } from './on-time-delivery';

function render() {
  return renderWithProviders(<OnTimeDelivery data={ON_TIME_ANALYTICS} />, {
    user: makeUser('manager'),
    route: '/on-time-delivery',
  });
}

describe('OnTimeDelivery', { timeout: 20_000 }, () => {
  giveChartsASize();

  it('shows the headline figures', () => {
    render();
    expect(screen.getByText('On-time rate').nextElementSibling).toHaveTextContent('80%');
    expect(screen.getByText('Average lateness of late jobs').nextElementSibling).toHaveTextContent('2.5 d');
  });

  it('writes the same on-time rates on the chart as in its table', async () => {
    render();
    const card = screen.getByRole('region', { name: 'On-time rate by month' });
    expect(chartLabels(card)).toEqual(['75%', '83%']);
    await userEvent.click(within(card).getByRole('tab', { name: 'Table' }));
    const table = within(card).getByRole('table', { name: 'On-time rate by month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['75%', '83%']);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Sep 2026',
      'Oct 2026',
    ]);
  });

  it('gives the on-time rate by pickup location, chart and table alike', async () => {
    render();
    const card = screen.getByRole('region', { name: 'On-time rate by pickup location' });
    expect(chartLabels(card)).toEqual(['67%', '100%']);
    await userEvent.click(within(card).getByRole('tab', { name: 'Table' }));
    const table = within(card).getByRole('table', { name: 'On-time rate by pickup location' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Downtown Store', '6', '4', '2', '67%'],
      ['Main workshop', '4', '4', '0', '100%'],
    ]);
  });

  it('lists the late jobs with how late, each linking to its order or repair', () => {
    render();
    const card = screen.getByRole('region', { name: 'Late jobs' });
    expect(within(card).getByRole('link', { name: 'ORD-00042' })).toHaveAttribute('href', '/orders/o-1');
    expect(within(card).getByRole('link', { name: 'REP-00007' })).toHaveAttribute('href', '/repairs/r-1');
    const first = within(card).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getAllByRole('cell').at(-1)).toHaveTextContent('3');
  });
});
