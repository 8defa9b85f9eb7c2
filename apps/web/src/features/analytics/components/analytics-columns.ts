import type { TSeries } from '@/components/chart/series-charts';
import type { TCellValue, TColumn } from '@/components/data-table/columns';
import { formatCalendarDate, formatDateTime } from '@/lib/date-format';
import {
  formatCount,
  formatDays,
  formatHours,
  formatMonth,
  formatPercent,
  formatWeek,
  oneDecimal,
  ratePercent,
} from './analytics-format';

// The columns and chart series the analytics screens are made of, one line each: a figure's unit says how
// it is rounded and written, so a chart's labels, its table and its CSV always carry the same figure.

type TFigure<Row> = (row: Row) => number | null;
type TUnit = {
  /** The figure as the table, the chart and the CSV carry it. */
  readonly shown: (value: number | null) => number | null;
  readonly format: (value: TCellValue) => string;
};

const UNITS = {
  count: { shown: (value) => value, format: formatCount },
  hours: { shown: oneDecimal, format: formatHours },
  days: { shown: oneDecimal, format: formatDays },
  /** A fraction (0.875) as a percentage (87.5 → '88%'); utilization may pass 100. */
  rate: { shown: ratePercent, format: formatPercent },
} as const satisfies Record<string, TUnit>;

export type TFigureUnit = keyof typeof UNITS;

function figureColumn(unit: TFigureUnit) {
  return <Row>(key: string, header: string, value: TFigure<Row>): TColumn<Row> => ({
    key,
    header,
    value: (row) => UNITS[unit].shown(value(row)),
    format: UNITS[unit].format,
    isNumeric: true,
  });
}

function dateColumn(format: (value: string) => string) {
  return <Row>(key: string, header: string, value: (row: Row) => string): TColumn<Row> => ({
    key,
    header,
    value,
    format: (_, row) => format(value(row)),
  });
}

/** Table columns: `column.hours('p90', 'p90 (h)', (row) => row.hours.p90)`. */
export const column = {
  count: figureColumn('count'),
  hours: figureColumn('hours'),
  days: figureColumn('days'),
  rate: figureColumn('rate'),
  /** Words; the first column of a table is its row header. `href` makes the cell a link. */
  text: <Row>(
    key: string,
    header: string,
    value: (row: Row) => string | number | null,
    href?: (row: Row) => string | null,
  ): TColumn<Row> => ({ key, header, value, ...(href ? { href } : {}) }),
  day: dateColumn(formatCalendarDate),
  dateTime: dateColumn(formatDateTime),
  week: dateColumn(formatWeek),
  month: dateColumn(formatMonth),
};

function figureSeries(unit: TFigureUnit) {
  return <Row>(key: string, name: string, value: TFigure<Row>, colorIndex?: number): TSeries<Row> => ({
    key,
    name,
    value: (row) => UNITS[unit].shown(value(row)),
    format: UNITS[unit].format,
    ...(colorIndex === undefined ? {} : { colorIndex }),
  });
}

/** Chart series, written as the table's columns of the same unit: `series.hours('p90', '90th percentile', …)`. */
export const series = {
  count: figureSeries('count'),
  hours: figureSeries('hours'),
  days: figureSeries('days'),
  rate: figureSeries('rate'),
};
