import type { TAssistantChart } from '@loupe/domain/assistant/assistant-api';
import { SeriesBarChart, type TSeries } from '@/components/chart/series-charts';

type TBar = TAssistantChart['bars'][number];

const BAR_SERIES: TSeries<TBar>[] = [
  { key: 'value', name: 'Value', value: (bar) => bar.value, format: (value) => String(value ?? '') },
];

/**
 * A small horizontal bar chart: one bar per label, each with its figure. The same figures are a list for
 * screen readers, which the chart's drawing says nothing to.
 */
export function AnswerChart({ chart }: { readonly chart: TAssistantChart }) {
  return (
    <figure className="rounded-md border p-3">
      <figcaption className="mb-2 text-xs font-medium text-muted-foreground">{chart.title}</figcaption>
      <div aria-hidden="true">
        <SeriesBarChart
          rows={chart.bars}
          category={(bar) => bar.label}
          series={BAR_SERIES}
          height={0}
          isHorizontal
        />
      </div>
      <ul className="sr-only" aria-label={chart.title}>
        {chart.bars.map((bar) => (
          <li key={bar.label}>
            {bar.label}: {bar.value}
          </li>
        ))}
      </ul>
    </figure>
  );
}
