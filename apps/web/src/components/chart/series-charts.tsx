import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDecimal } from '@/lib/number-format';
import { categoryTick, figureLabel, SLANT_DEGREES, textWidth } from './chart-labels';
import {
  AXIS_STROKE,
  AXIS_TICK,
  GRID_STROKE,
  seriesColor,
  TOOLTIP_CONTENT_STYLE,
  TOOLTIP_CURSOR,
} from './chart-theme';

/** One plotted figure of each row: `value` reads it, `format` is the same text the table shows. */
export type TSeries<Row> = {
  readonly key: string;
  readonly name: string;
  readonly value: (row: Row) => number | null;
  readonly format: (value: number | null) => string;
  /** An index into the chart palette; by default the series' position. */
  readonly colorIndex?: number;
};

type TChartProps<Row> = {
  readonly rows: readonly Row[];
  /** The category of each row: a week, a phase, a salesperson. */
  readonly category: (row: Row) => string;
  // Row is the rows': the series are read against it.
  readonly series: readonly TSeries<NoInfer<Row>>[];
  readonly height?: number;
  /** Stacks the series in one bar per row. */
  readonly isStacked?: boolean;
  /**
   * Bars run left to right with the categories down the side: for many categories with long names
   * (stations), whose labels would not fit under upright bars. The height grows with the rows.
   */
  readonly isHorizontal?: boolean;
};

// jsdom never measures: charts start at this size until the container reports its own.
const INITIAL_SIZE = { width: 640, height: 280 };
const CATEGORY = '__category';

function plotted<Row>(rows: readonly Row[], category: (row: Row) => string, series: readonly TSeries<Row>[]) {
  return rows.map((row) => {
    const point: Record<string, string | number | null> = { [CATEGORY]: category(row) };
    for (const one of series) point[one.key] = one.value(row);
    return point;
  });
}

/** A value axis's tick in the workshop's locale: 1500 → '1,500' (en-US), '1.500' (de-DE). */
function valueTick(value: unknown): string {
  return typeof value === 'number' ? formatDecimal(value) : String(value);
}

function formatterOf<Row>(series: readonly TSeries<Row>[]) {
  return (value: unknown, _name: unknown, item: { dataKey?: unknown }) => {
    const one = series.find((s) => s.key === item.dataKey);
    const figure = typeof value === 'number' ? value : null;
    return one ? one.format(figure) : String(value);
  };
}

/** The frame every chart draws in: the full width of its card, `height` tall (shadcn/ui's ChartContainer). */
export function ChartFrame({
  height,
  children,
}: {
  readonly height: number;
  readonly children: ReactElement;
}) {
  return (
    <div data-slot="chart" className="w-full">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ ...INITIAL_SIZE, height }}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

// Per bar of a horizontal chart, so names and labels never overlap.
const HORIZONTAL_BAR_PX = 22;
// The names down the side of horizontal bars get what the longest needs, within these bounds; a longer name
// is cut with an ellipsis (issue 35: 'Casting › Wax injection' ran out of the chart's left edge).
const SIDE_AXIS_PX = { min: 64, max: 170 };
// Names under upright bars are slanted once they would not fit side by side in a half-width card, so every
// category keeps its name (issue 35: every other product type lost its label); a slanted name is cut here.
const UPRIGHT_ROOM_PX = 440;
const SLANTED_NAME_PX = 120;

function longestName(names: readonly string[]): number {
  return Math.max(0, ...names.map(textWidth));
}

/** The category axis of a bar chart: every category named, none cut off at the chart's edge. */
function categoryAxis(names: readonly string[], isHorizontal: boolean) {
  const longest = longestName(names);
  if (isHorizontal) {
    const width = Math.min(SIDE_AXIS_PX.max, Math.max(SIDE_AXIS_PX.min, longest + 12));
    return (
      <YAxis
        type="category"
        dataKey={CATEGORY}
        stroke={AXIS_STROKE}
        width={width}
        interval={0}
        tick={categoryTick('side', width - 10)}
      />
    );
  }
  const isSlanted = names.length * (longest + 12) > UPRIGHT_ROOM_PX;
  const slantedHeight = Math.ceil(
    Math.min(longest, SLANTED_NAME_PX) * Math.sin((SLANT_DEGREES * Math.PI) / 180),
  );
  return (
    <XAxis
      dataKey={CATEGORY}
      stroke={AXIS_STROKE}
      interval={0}
      height={isSlanted ? slantedHeight + 24 : 30}
      tick={isSlanted ? categoryTick('slanted', SLANTED_NAME_PX) : categoryTick('under', longest + 12)}
    />
  );
}

/** Bars per category, each labelled with its figure as the table writes it. */
export function SeriesBarChart<Row>({
  rows,
  category,
  series,
  height = 280,
  isStacked = false,
  isHorizontal = false,
}: TChartProps<Row>) {
  const data = plotted(rows, category, series);
  const barsPerRow = isStacked ? 1 : series.length;
  const chartHeight = isHorizontal
    ? Math.max(height, rows.length * barsPerRow * HORIZONTAL_BAR_PX + 60)
    : height;
  return (
    <ChartFrame height={chartHeight}>
      <BarChart
        data={data}
        layout={isHorizontal ? 'vertical' : 'horizontal'}
        margin={
          isHorizontal
            ? { top: 4, right: 56, bottom: 4, left: 0 }
            : { top: 20, right: 12, bottom: 4, left: 0 }
        }
      >
        <CartesianGrid
          vertical={isHorizontal}
          horizontal={!isHorizontal}
          stroke={GRID_STROKE}
          strokeDasharray="3 3"
        />
        {categoryAxis(rows.map(category), isHorizontal)}
        {isHorizontal ? (
          <XAxis type="number" tick={AXIS_TICK} stroke={AXIS_STROKE} tickFormatter={valueTick} />
        ) : (
          <YAxis tick={AXIS_TICK} stroke={AXIS_STROKE} width={48} tickFormatter={valueTick} />
        )}
        <Tooltip
          contentStyle={TOOLTIP_CONTENT_STYLE}
          cursor={TOOLTIP_CURSOR}
          formatter={formatterOf(series)}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((one, index) => (
          <Bar
            key={one.key}
            dataKey={one.key}
            name={one.name}
            fill={seriesColor(one.colorIndex ?? index)}
            radius={isStacked ? 0 : isHorizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
            isAnimationActive={false}
            {...(isStacked ? { stackId: 'stack' } : {})}
          >
            <LabelList
              dataKey={one.key}
              content={figureLabel(one.format, isStacked ? 'center' : isHorizontal ? 'right' : 'top')}
            />
          </Bar>
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** Lines over time (weeks, months), each point labelled with its figure as the table writes it. */
export function SeriesLineChart<Row>({ rows, category, series, height = 280 }: TChartProps<Row>) {
  const data = plotted(rows, category, series);
  return (
    <ChartFrame height={height}>
      <LineChart data={data} margin={{ top: 20, right: 16, bottom: 4, left: 0 }}>
        <CartesianGrid vertical={false} stroke={GRID_STROKE} strokeDasharray="3 3" />
        {/* Time runs along: a skipped week's name is read from its neighbours. */}
        <XAxis dataKey={CATEGORY} tick={AXIS_TICK} stroke={AXIS_STROKE} interval="preserveStartEnd" />
        <YAxis tick={AXIS_TICK} stroke={AXIS_STROKE} width={48} tickFormatter={valueTick} />
        <Tooltip contentStyle={TOOLTIP_CONTENT_STYLE} formatter={formatterOf(series)} />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((one, index) => (
          <Line
            key={one.key}
            type="linear"
            dataKey={one.key}
            name={one.name}
            stroke={seriesColor(one.colorIndex ?? index)}
            strokeWidth={2}
            dot={{ r: 3, fill: seriesColor(one.colorIndex ?? index) }}
            connectNulls={false}
            isAnimationActive={false}
          >
            <LabelList dataKey={one.key} content={figureLabel(one.format, 'top')} />
          </Line>
        ))}
      </LineChart>
    </ChartFrame>
  );
}
