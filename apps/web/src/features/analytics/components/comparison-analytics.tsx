import type { TComparisonAnalytics } from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, type TSeries } from '@/components/chart/series-charts';
import { NO_FIGURE, type TCellValue, type TColumn } from '@/components/data-table/columns';
import { formatCalendarDate } from '@/lib/date-format';
import { formatDecimal, formatPercent as formatFraction } from '@/lib/number-format';
import {
  formatCount,
  formatDays,
  formatHours,
  formatPercent,
  oneDecimal,
  ratePercent,
} from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { ChartCard } from './chart-card';

type TFigure = TComparisonAnalytics['figures'][number];
type TUnit = TFigure['unit'];
type TSide = TComparisonAnalytics['a'];

/** A figure in the unit it is shown in: rates as percentages, durations to one decimal. */
function shown(unit: TUnit, value: number | null): number | null {
  switch (unit) {
    case 'rate':
      return ratePercent(value);
    case 'jobs':
      return value;
    case 'days':
    case 'hours':
      return oneDecimal(value);
  }
}

function formatIn(unit: TUnit): (value: TCellValue) => string {
  switch (unit) {
    case 'rate':
      return formatPercent;
    case 'jobs':
      return formatCount;
    case 'days':
      return formatDays;
    case 'hours':
      return formatHours;
  }
}

const SIGNED = { digits: 1, isSigned: true } as const;

/**
 * The change from B to A in the figure's unit (percentage points for rates), worked out from the figures as
 * the table shows them so the three columns add up, with the relative change.
 */
export function changeText(figure: TFigure): string {
  if (figure.change === null) return NO_FIGURE;
  const a = shown(figure.unit, figure.a);
  const b = shown(figure.unit, figure.b);
  const difference =
    a !== null && b !== null ? Math.round((a - b) * 10) / 10 : (shown(figure.unit, figure.change) ?? 0);
  const unit = { rate: ' pts', jobs: '', days: ' d', hours: ' h' }[figure.unit];
  const ratio =
    figure.changeRatio === null || figure.unit === 'rate'
      ? ''
      : ` (${formatFraction(figure.changeRatio, { isSigned: true })})`;
  const tone = changeTone(figure);
  return `${formatDecimal(difference, SIGNED)}${unit}${ratio}${tone === 'good' ? ', better' : tone === 'bad' ? ', worse' : ''}`;
}

export function changeTone(figure: TFigure): 'good' | 'bad' | null {
  if (figure.change === null || figure.change === 0) return null;
  return figure.change > 0 === (figure.betterWhen === 'higher') ? 'good' : 'bad';
}

function sideLabel(side: TSide): string {
  const range = `${formatCalendarDate(side.from)} – ${formatCalendarDate(side.to)}`;
  return side.locationName ? `${range}, ${side.locationName}` : range;
}

const UNIT_GROUPS: readonly { unit: TUnit; title: string }[] = [
  { unit: 'jobs', title: 'Jobs started and delivered' },
  { unit: 'rate', title: 'On-time and rework rates' },
  { unit: 'days', title: 'Lateness and cycle time' },
  { unit: 'hours', title: 'Time at stations' },
];

export function isComparisonEmpty(data: TComparisonAnalytics): boolean {
  return (
    data.figures.every((figure) => figure.a === null && figure.b === null) ||
    data.figures.every((figure) => (figure.a ?? 0) === 0 && (figure.b ?? 0) === 0)
  );
}

export const COMPARISON_SCREEN: TAnalyticsScreen<TComparisonAnalytics> = {
  title: 'Comparison Analytics',
  description: 'This period against another, and one location against another, side by side.',
  errorTitle: 'Could not load the comparison',
  isEmpty: isComparisonEmpty,
  emptyTitle: 'Nothing to compare in these periods',
  emptyText:
    'Neither side has any started or delivered job with these filters. Widen the dates or clear a filter.',
};

/** /comparison-analytics: two periods and/or two locations side by side, with the change in each figure. */
export function ComparisonAnalytics({ data }: { readonly data: TComparisonAnalytics }) {
  const range = { from: data.a.from, to: data.a.to };
  const aName = `A: ${data.a.label}`;
  const bName = `B: ${data.b.label}`;
  const columns = (unitFormat: (figure: TFigure) => (value: TCellValue) => string): TColumn<TFigure>[] => [
    { key: 'figure', header: 'Figure', value: (row) => row.label },
    {
      key: 'a',
      header: aName,
      value: (row) => shown(row.unit, row.a),
      format: (value, row) => unitFormat(row)(value),
      isNumeric: true,
    },
    {
      key: 'b',
      header: bName,
      value: (row) => shown(row.unit, row.b),
      format: (value, row) => unitFormat(row)(value),
      isNumeric: true,
    },
    {
      key: 'change',
      header: 'Change (A − B)',
      value: (row) => (row.unit === 'rate' ? ratePercent(row.change) : shown(row.unit, row.change)),
      format: (_, row) => changeText(row),
      tone: changeTone,
      isNumeric: true,
    },
  ];
  const allColumns = columns((row) => formatIn(row.unit));

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        {[
          { name: 'A', side: data.a },
          { name: 'B', side: data.b },
        ].map(({ name, side }) => (
          <div key={name} className="rounded-xl border bg-card px-5 py-4">
            <dt className="text-sm text-muted-foreground">Side {name}</dt>
            <dd className="font-semibold">{side.label}</dd>
            <dd className="text-sm text-muted-foreground">{sideLabel(side)}</dd>
          </div>
        ))}
      </dl>
      <ChartCard
        title="Every figure side by side"
        description="Side A against side B, with the change in each figure."
        rows={data.figures}
        rowKey={(row) => row.key}
        columns={allColumns}
        emptyText="No figures for these periods."
        range={range}
        csvName="Comparison"
      />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        {UNIT_GROUPS.map(({ unit, title }) => {
          const ofUnit = data.figures.filter((figure) => figure.unit === unit);
          if (ofUnit.length === 0) return null;
          // A figure neither side has (no delivered job, no rate) would be an empty chart: the card says so.
          const rows = ofUnit.filter((figure) => figure.a !== null || figure.b !== null);
          const format = formatIn(unit);
          const series: TSeries<TFigure>[] = [
            { key: 'a', name: aName, value: (row) => shown(unit, row.a), format },
            { key: 'b', name: bName, value: (row) => shown(unit, row.b), format },
          ];
          return (
            <ChartCard
              key={unit}
              title={title}
              rows={rows}
              rowKey={(row) => row.key}
              columns={columns(() => format)}
              chart={<SeriesBarChart rows={rows} category={(row) => row.label} series={series} />}
              emptyText="Neither side has these figures in its period."
              range={range}
            />
          );
        })}
      </div>
    </div>
  );
}
