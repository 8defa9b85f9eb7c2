import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { COMPARISON_ANALYTICS } from '../analytics-fixtures';
import { ComparisonAnalytics } from './comparison-analytics';

describe('ComparisonAnalytics', { timeout: 20_000 }, () => {
  it('puts the two sides side by side with the change in each figure, better or worse in words', () => {
    renderWithProviders(<ComparisonAnalytics data={COMPARISON_ANALYTICS} />, {
      user: makeUser('manager'),
      route: '/comparison-analytics',
    });
    const table = within(screen.getByRole('region', { name: 'Every figure side by side' })).getByRole(
      'table',
    );
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('Delivered')).toEqual(['12', '10', '+2 (+20%), better']);
    expect(row('On-time rate')).toEqual(['75%', '80%', '-5 pts, worse']);
    // Shorter cycle time is better.
    expect(row('Average cycle time')).toEqual(['8.5 d', '9.8 d', '-1.3 d (-13%), better']);
  });

  it('says a group of figures neither side has instead of drawing an empty chart', () => {
    renderWithProviders(
      <ComparisonAnalytics
        data={{
          ...COMPARISON_ANALYTICS,
          figures: COMPARISON_ANALYTICS.figures.map((figure) =>
            figure.unit === 'rate'
              ? { ...figure, a: null, b: null, change: null, changeRatio: null }
              : figure,
          ),
        }}
      />,
      { user: makeUser('manager'), route: '/comparison-analytics' },
    );
    const rates = screen.getByRole('region', { name: 'On-time and rework rates' });
    expect(rates).toHaveTextContent('Neither side has these figures in its period.');
  });
});
