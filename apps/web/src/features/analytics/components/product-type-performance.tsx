import type {
  TProductTypeAnalytics,
  TProductTypeRow,
  TProductTypeStationRow,
} from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, type TSeries } from '@/components/chart/series-charts';
import type { TColumn } from '@/components/data-table/columns';
import { column, series } from './analytics-columns';
import type { TAnalyticsScreen } from './analytics-screen';
import { ChartCard } from './chart-card';

const KIND_LABELS = { order: 'Order', repair: 'Repair' } as const;

function rowKey(row: TProductTypeRow): string {
  return `${row.kind}-${row.productTypeId ?? 'none'}-${row.metalTypeId ?? 'none'}`;
}

function productName(row: TProductTypeRow): string {
  return row.metalTypeName ? `${row.productTypeName} · ${row.metalTypeName}` : row.productTypeName;
}

const FIGURE_COLUMNS: TColumn<TProductTypeRow>[] = [
  column.text('kind', 'Kind', (row) => KIND_LABELS[row.kind]),
  column.count('delivered', 'Delivered', (row) => row.delivered),
  column.days('averageCycle', 'Average cycle (d)', (row) => row.cycleDays.average),
  column.days('medianCycle', 'Median cycle (d)', (row) => row.cycleDays.median),
  column.days('p90Cycle', 'p90 cycle (d)', (row) => row.cycleDays.p90),
  column.rate('rework', 'Rework rate (%)', (row) => row.reworkRate),
  column.rate('onTime', 'On-time rate (%)', (row) => row.onTimeRate),
];

const CYCLE_SERIES: TSeries<TProductTypeRow>[] = [
  series.days('average', 'Average', (row) => row.cycleDays.average),
  series.days('p90', '90th percentile', (row) => row.cycleDays.p90),
];

const RATE_SERIES: TSeries<TProductTypeRow>[] = [
  series.rate('rework', 'Rework rate', (row) => row.reworkRate, 3),
  series.rate('onTime', 'On-time rate', (row) => row.onTimeRate, 1),
];

const STATION_COLUMNS: TColumn<TProductTypeStationRow>[] = [
  column.text('productType', 'Product type', (row) => row.productTypeName),
  column.text('station', 'Station', (row) => row.stationName),
  column.text('department', 'Department', (row) => row.departmentName),
  column.count('visits', 'Visits', (row) => row.dwellHours.count),
  column.hours('averageDwell', 'Average dwell (h)', (row) => row.dwellHours.average),
  column.hours('p90Dwell', 'p90 dwell (h)', (row) => row.dwellHours.p90),
  column.rate('rework', 'Rework rate (%)', (row) => row.reworkRate),
];

/**
 * Rework and on-time rates, each on a scale of its own: rework runs to a few per cent and on-time near
 * 100 %, so on one 0–100 axis the rework bars could not be seen (issue 35).
 */
function RateCharts({ rows }: { readonly rows: readonly TProductTypeRow[] }) {
  return (
    <div className="flex flex-col gap-4">
      {RATE_SERIES.map((one) => (
        <div key={one.key}>
          <p className="text-xs font-medium text-muted-foreground">{one.name}</p>
          <SeriesBarChart
            rows={rows}
            category={(row) => row.productTypeName}
            series={[one]}
            height={120}
            isHorizontal
          />
        </div>
      ))}
    </div>
  );
}

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
    column.text('productType', 'Product type', (row) => row.productTypeName),
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
        range={range}
      />
      <ChartCard
        title="Rework and on-time rate per product type"
        description="Rework: jobs that went back to a department they had already left. Each rate has a scale of its own."
        rows={data.byProductType}
        rowKey={rowKey}
        columns={columns}
        chart={<RateCharts rows={data.byProductType} />}
        emptyText="No delivered jobs in this period."
        range={range}
      />
      <ChartCard
        className="xl:col-span-2"
        title="Cycle time per product type and metal"
        rows={data.byProductTypeAndMetal}
        rowKey={rowKey}
        columns={[
          column.text<TProductTypeRow>('productType', 'Product type', (row) => row.productTypeName),
          column.text<TProductTypeRow>('metal', 'Metal', (row) => row.metalTypeName ?? 'No metal'),
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
        range={range}
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
        range={range}
      />
    </div>
  );
}
