import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { giveChartsASize } from '@/components/chart/chart-test-size';
import { makeUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { PRODUCT_TYPE_ANALYTICS } from '../analytics-fixtures';
import { isProductTypesEmpty, ProductTypePerformance } from './product-type-performance';

function render(data = PRODUCT_TYPE_ANALYTICS) {
  return renderWithProviders(<ProductTypePerformance data={data} />, {
    user: makeUser('manager'),
    route: '/product-type-performance',
  });
}

describe('ProductTypePerformance', { timeout: 20_000 }, () => {
  giveChartsASize();

  it('tables dwell and rework per product type and station, with a CSV download', () => {
    render();
    const card = screen.getByRole('region', { name: 'Dwell and rework per product type and station' });
    const table = within(card).getByRole('table', { name: 'Dwell and rework per product type and station' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Ring', 'Bench 1', 'Bench', '6', '3.3 h', '7.5 h', '17%'],
      ['Repairs', 'Lathe', 'Polishing', '2', '0.5 h', '0.9 h', '0%'],
    ]);
    expect(
      within(card).getByRole('button', {
        name: 'Download Dwell and rework per product type and station as CSV',
      }),
    ).toBeInTheDocument();
  });

  it('says so when no visit ended in the period, and counts the page empty only with no deliveries either', () => {
    const noVisits = { ...PRODUCT_TYPE_ANALYTICS, byProductTypeAndStation: [] };
    render(noVisits);
    const card = screen.getByRole('region', { name: 'Dwell and rework per product type and station' });
    expect(within(card).getByText('No station visits ended in this period.')).toBeInTheDocument();
    expect(isProductTypesEmpty(noVisits)).toBe(false);
    expect(isProductTypesEmpty({ ...noVisits, byProductType: [] })).toBe(true);
    expect(isProductTypesEmpty({ ...PRODUCT_TYPE_ANALYTICS, byProductType: [] })).toBe(false);
  });
});
