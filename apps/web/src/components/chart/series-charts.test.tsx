import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { giveChartsASize } from './chart-test-size';
import { SeriesBarChart, type TSeries } from './series-charts';

type TRow = { readonly name: string; readonly jobs: number };

const SERIES: TSeries<TRow>[] = [
  { key: 'jobs', name: 'Jobs', value: (row) => row.jobs, format: (value) => `${value ?? '—'}` },
];

/** The names on the axes, once Recharts has drawn them (a render after the bars). */
async function tickTexts(container: HTMLElement): Promise<string[]> {
  await waitFor(() => expect(container.querySelector('.recharts-cartesian-axis-tick-value')).not.toBeNull());
  return Array.from(container.querySelectorAll('.recharts-cartesian-axis-tick-value')).map(
    (text) => text.lastChild?.textContent ?? '',
  );
}

describe('SeriesBarChart', { timeout: 20_000 }, () => {
  giveChartsASize();

  it('names every category under upright bars, slanting the names when they would not fit side by side', async () => {
    const rows = [
      'Ring',
      'Pendant',
      'Earrings',
      'Bracelet',
      'Necklace',
      'Brooch',
      'Cufflinks',
      'Repairs',
    ].map((name, index) => ({ name, jobs: index + 1 }));
    const { container } = render(<SeriesBarChart rows={rows} category={(row) => row.name} series={SERIES} />);
    const names = await tickTexts(container);
    for (const row of rows) expect(names).toContain(row.name);
    expect(container.querySelector('text[transform^="rotate"]')).not.toBeNull();
  });

  it('cuts a long name down the side with an ellipsis, the whole name its tooltip', async () => {
    const long = 'Casting › Wax injection and tree building at the second bench';
    const { container } = render(
      <SeriesBarChart
        rows={[
          { name: long, jobs: 4 },
          { name: 'Setting', jobs: 2 },
        ]}
        category={(row) => row.name}
        series={SERIES}
        isHorizontal
      />,
    );
    const names = await tickTexts(container);
    expect(names).toContain('Setting');
    const cut = names.find((name) => name.startsWith('Casting › Wax'));
    expect(cut).toMatch(/…$/);
    expect(container.querySelector('.recharts-cartesian-axis-tick-value title')?.textContent).toBe(long);
  });
});
