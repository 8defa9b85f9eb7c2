import type {
  TProductTypeAnalytics,
  TProductTypeRow,
  TProductTypeStationRow,
} from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, type TSeries } from '@/components/chart/series-charts';
import {
  formatCount,
  formatDays,
  formatHours,
  formatPercent,
  oneDecimal,
  ratePercent,
} from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { csvFileName, type TColumn } from './analytics-table';
import { ChartCard } from './chart-card';

const KIND_LABELS = { order: 'Order', repair: 'Repair' } as const;

function rowKey(row: TProductTypeRow): string {
  return `${row.kind}-${row.productTypeId ?? 'none'}-${row.metalTypeId ?? 'none'}`;
}

function productName(row: TProductTypeRow): string {
  return row.metalTypeName ? `${row.productTypeName} · ${row.metalTypeName}` : row.productTypeName;
}

const FIGURE_COLUMNS: TColumn<TProductTypeRow>[] = [
  { key: 'kind', header: 'Kind', value: (row) => KIND_LABELS[row.kind] },
  {
    key: 'delivered',
    header: 'Delivered',
    value: (row) => row.delivered,
    format: formatCount,
    isNumeric: true,
  },
  {
    key: 'averageCycle',
    header: 'Average cycle (d)',
    value: (row) => oneDecimal(row.cycleDays.average),
    format: formatDays,
    isNumeric: true,
  },
  {
    key: 'medianCycle',
    header: 'Median cycle (d)',
    value: (row) => oneDecimal(row.cycleDays.median),
    format: formatDays,
    isNumeric: true,
  },
  {
    key: 'p90Cycle',
    header: 'p90 cycle (d)',
    value: (row) => oneDecimal(row.cycleDays.p90),
    format: formatDays,
    isNumeric: true,
  },
  {
    key: 'rework',
    header: 'Rework rate (%)',
    value: (row) => ratePercent(row.reworkRate),
    format: formatPercent,
    isNumeric: true,
  },
  {
    key: 'onTime',
    header: 'On-time rate (%)',
    value: (row) => ratePercent(row.onTimeRate),
    format: formatPercent,
    isNumeric: true,
  },
];

const CYCLE_SERIES: TSeries<TProductTypeRow>[] = [
  { key: 'average', name: 'Average', value: (row) => oneDecimal(row.cycleDays.average), format: formatDays },
  { key: 'p90', name: '90th percentile', value: (row) => oneDecimal(row.cycleDays.p90), format: formatDays },
];

const RATE_SERIES: TSeries<TProductTypeRow>[] = [
  {
    key: 'rework',
    name: 'Rework rate',
    value: (row) => ratePercent(row.reworkRate),
    format: formatPercent,
    colorIndex: 3,
  },
  {
    key: 'onTime',
    name: 'On-time rate',
    value: (row) => ratePercent(row.onTimeRate),
    format: formatPercent,
    colorIndex: 1,
  },
];

const STATION_COLUMNS: TColumn<TProductTypeStationRow>[] = [
  { key: 'productType', header: 'Product type', value: (row) => row.productTypeName },
  { key: 'station', header: 'Station', value: (row) => row.stationName },
  { key: 'department', header: 'Department', value: (row) => row.departmentName },
  {
    key: 'visits',
    header: 'Visits',
    value: (row) => row.dwellHours.count,
    format: formatCount,
    isNumeric: true,
  },
  {
    key: 'averageDwell',
    header: 'Average dwell (h)',
    value: (row) => oneDecimal(row.dwellHours.average),
    format: formatHours,
    isNumeric: true,
  },
  {
    key: 'p90Dwell',
    header: 'p90 dwell (h)',
    value: (row) => oneDecimal(row.dwellHours.p90),
    format: formatHours,
    isNumeric: true,
  },
  {
    key: 'rework',
    header: 'Rework rate (%)',
    value: (row) => ratePercent(row.reworkRate),
    format: formatPercent,
    isNumeric: true,
  },
];

export function isProductTypesEmpty(data: TProductTypeAnalytics): boolean {
  return data.byProductType.every((row) => row.delivered === 0) && data.byProductTypeAndStation.length === 0;
}

export const PRODUCT_TYPE_SCREEN: TAnalyticsScreen<TProductTypeAnalytics> = {
  title: 'Product Type Performance',
  description:
    'How long rings, pendants, earrings and repairs take, and how often they come back for rework.',
  errorTitle: 'Could not load the product-type figures',
  isEmpty: isProductTypesEmpty,
  emptyTitle: 'No deliveries in this period',
  emptyText: 'No job was delivered in these dates with these filters. Widen the dates or clear a filter.',
  skeletons: 3,
};

/** /product-type-performance: cycle time, rework rate and on-time rate per product type and metal. */
export function ProductTypePerformance({ data }: { readonly data: TProductTypeAnalytics }) {
  const range = { from: data.filter.from, to: data.filter.to };
  const columns: TColumn<TProductTypeRow>[] = [
    { key: 'productType', header: 'Product type', value: (row) => row.productTypeName },
    ...FIGURE_COLUMNS,
  ];
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <ChartCard
        title="Cycle time per product type"
        description="Days from the first read to delivery."
        rows={data.byProductType}
        rowKey={rowKey}
        columns={columns}
        chart={
          <SeriesBarChart
            rows={data.byProductType}
            category={(row) => row.productTypeName}
            series={CYCLE_SERIES}
            isHorizontal
          />
        }
        emptyText="No delivered jobs in this period."
        fileName={csvFileName('Cycle time per product type', range)}
      />
      <ChartCard
        title="Rework and on-time rate per product type"
        description="Rework: jobs that went back to a department they had already left."
        rows={data.byProductType}
        rowKey={rowKey}
        columns={columns}
        chart={
          <SeriesBarChart
            rows={data.byProductType}
            category={(row) => row.productTypeName}
            series={RATE_SERIES}
            isHorizontal
          />
        }
        emptyText="No delivered jobs in this period."
        fileName={csvFileName('Rework and on-time rate per product type', range)}
      />
      <ChartCard
        className="xl:col-span-2"
        title="Cycle time per product type and metal"
        rows={data.byProductTypeAndMetal}
        rowKey={rowKey}
        columns={[
          { key: 'productType', header: 'Product type', value: (row) => row.productTypeName },
          { key: 'metal', header: 'Metal', value: (row) => row.metalTypeName ?? 'No metal' },
          ...FIGURE_COLUMNS,
        ]}
        chart={
          <SeriesBarChart
            rows={data.byProductTypeAndMetal}
            category={productName}
            series={CYCLE_SERIES}
            isHorizontal
          />
        }
        emptyText="No delivered jobs in this period."
        fileName={csvFileName('Cycle time per product type and metal', range)}
      />
      {/* A table only: product types × stations make too many bars to read as a chart. */}
      <ChartCard
        className="xl:col-span-2"
        title="Dwell and rework per product type and station"
        description="Visits that ended in the period, hours at the station (offsite time left out); rework: visits back in a department the job had already left."
        rows={data.byProductTypeAndStation}
        rowKey={(row) => `${row.kind}-${row.productTypeId ?? 'none'}-${row.stationId}`}
        columns={STATION_COLUMNS}
        emptyText="No station visits ended in this period."
        fileName={csvFileName('Dwell and rework per product type and station', range)}
      />
    </div>
  );
}
