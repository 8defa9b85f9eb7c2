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
import {
  AXIS_STROKE,
  AXIS_TICK,
  GRID_STROKE,
  LABEL_FILL,
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
  readonly series: readonly TSeries<Row>[];
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

function formatterOf<Row>(series: readonly TSeries<Row>[]) {
  return (value: unknown, _name: unknown, item: { dataKey?: unknown }) => {
    const one = series.find((s) => s.key === item.dataKey);
    const figure = typeof value === 'number' ? value : null;
    return one ? one.format(figure) : String(value);
  };
}

type TLabelPosition = 'top' | 'right' | 'center';
type TLabelProps = { readonly viewBox?: unknown; readonly value?: unknown };

function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * A bar's or point's label on one line: Recharts' own label wraps at the bar's width, which breaks '13.5 h'
 * in two and pushes the top line out of the chart.
 */
function labelContent(format: (value: number | null) => string, position: TLabelPosition) {
  return function ChartLabel({ viewBox, value }: TLabelProps) {
    const box = (viewBox ?? {}) as { x?: unknown; y?: unknown; width?: unknown; height?: unknown };
    const [x, y, width, height] = [
      numberOf(box.x),
      numberOf(box.y),
      numberOf(box.width),
      numberOf(box.height),
    ];
    // No figure draws no bar; an empty slice of a stack has no room for one.
    if (typeof value !== 'number' || (position === 'center' && value === 0)) return null;
    const text = format(value);
    const placed =
      position === 'right'
        ? { x: x + width + 4, y: y + height / 2, textAnchor: 'start' as const }
        : position === 'center'
          ? { x: x + width / 2, y: y + height / 2, textAnchor: 'middle' as const }
          : { x: x + width / 2, y: y - 6, textAnchor: 'middle' as const };
    return (
      <text
        {...placed}
        dominantBaseline={position === 'top' ? 'auto' : 'central'}
        fill={LABEL_FILL}
        fontSize={11}
      >
        {text}
      </text>
    );
  };
}

// Per bar of a horizontal chart, so names and labels never overlap.
const HORIZONTAL_BAR_PX = 22;

/** Bars per category, each labelled with its figure as the table writes it. */
export function AnalyticsBarChart<Row>({
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
    <ResponsiveContainer
      width="100%"
      height={chartHeight}
      initialDimension={{ ...INITIAL_SIZE, height: chartHeight }}
    >
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
        {isHorizontal ? (
          <>
            <XAxis type="number" tick={AXIS_TICK} stroke={AXIS_STROKE} />
            <YAxis
              type="category"
              dataKey={CATEGORY}
              tick={AXIS_TICK}
              stroke={AXIS_STROKE}
              width={150}
              interval={0}
            />
          </>
        ) : (
          <>
            <XAxis dataKey={CATEGORY} tick={AXIS_TICK} stroke={AXIS_STROKE} interval="preserveStartEnd" />
            <YAxis tick={AXIS_TICK} stroke={AXIS_STROKE} width={48} />
          </>
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
              content={labelContent(one.format, isStacked ? 'center' : isHorizontal ? 'right' : 'top')}
            />
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Lines over time (weeks, months), each point labelled with its figure as the table writes it. */
export function AnalyticsLineChart<Row>({ rows, category, series, height = 280 }: TChartProps<Row>) {
  const data = plotted(rows, category, series);
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ ...INITIAL_SIZE, height }}>
      <LineChart data={data} margin={{ top: 20, right: 16, bottom: 4, left: 0 }}>
        <CartesianGrid vertical={false} stroke={GRID_STROKE} strokeDasharray="3 3" />
        <XAxis dataKey={CATEGORY} tick={AXIS_TICK} stroke={AXIS_STROKE} interval="preserveStartEnd" />
        <YAxis tick={AXIS_TICK} stroke={AXIS_STROKE} width={48} />
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
            <LabelList dataKey={one.key} content={labelContent(one.format, 'top')} />
          </Line>
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
