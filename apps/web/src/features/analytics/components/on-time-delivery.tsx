import type { TLateJob, TOnTimeAnalytics, TOnTimeGroup } from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, SeriesLineChart } from '@/components/chart/series-charts';
import type { TColumn } from '@/components/data-table/columns';
import { column, series } from './analytics-columns';
import { formatCount, formatDays, formatMonth, formatRate } from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { ChartCard } from './chart-card';
import { jobColumn, latenessColumns } from './job-link';
import { StatGrid, StatTile } from './stat-tile';

type TMonth = TOnTimeAnalytics['byMonth'][number];
type TDistribution = TOnTimeAnalytics['distribution'][number];
type TCounts = Pick<TOnTimeGroup, 'delivered' | 'onTime' | 'late' | 'onTimeRate'>;

function countColumns<Row extends TCounts>(): TColumn<Row>[] {
  return [
    column.count('delivered', 'Delivered', (row) => row.delivered),
    column.count('onTime', 'On time', (row) => row.onTime),
    column.count('late', 'Late', (row) => row.late),
    column.rate('rate', 'On-time rate (%)', (row) => row.onTimeRate),
  ];
}

const rateSeries = <Row extends TCounts>() => [
  series.rate<Row>('rate', 'On-time rate', (row) => row.onTimeRate),
];

const LATE_JOB_COLUMNS: TColumn<TLateJob>[] = [
  jobColumn(),
  column.text('customer', 'Customer', (row) => row.customerName),
  column.text('productType', 'Product type', (row) => row.productTypeName),
  column.text('salesperson', 'Salesperson', (row) => row.salespersonName),
  column.text('location', 'Location', (row) => row.locationName),
  ...latenessColumns<TLateJob>(),
];

const NO_DELIVERIES = 'No delivered jobs with a promised date in this period.';

export function isOnTimeEmpty(data: TOnTimeAnalytics): boolean {
  return data.summary.delivered === 0;
}

export const ON_TIME_SCREEN: TAnalyticsScreen<TOnTimeAnalytics> = {
  title: 'On-Time Delivery',
  description:
    'How often pieces are ready by the promised date, by month, product type, salesperson, location and pickup location.',
  errorTitle: 'Could not load the on-time figures',
  isEmpty: isOnTimeEmpty,
  emptyTitle: 'No deliveries in this period',
  emptyText:
    'No job with a promised date was delivered in these dates with these filters. Widen the dates or clear a filter.',
};

/** /on-time-delivery: on-time rate by month and by group; promised vs delivered; the late jobs. */
export function OnTimeDelivery({ data }: { readonly data: TOnTimeAnalytics }) {
  const range = { from: data.filter.from, to: data.filter.to };
  const group = (title: string, nameHeader: string, rows: readonly TOnTimeGroup[]) => (
    <ChartCard
      title={title}
      rows={rows}
      rowKey={(row) => row.id ?? `none-${row.name}`}
      columns={[
        column.text<TOnTimeGroup>('name', nameHeader, (row) => row.name),
        ...countColumns<TOnTimeGroup>(),
      ]}
      chart={<SeriesBarChart rows={rows} category={(row) => row.name} series={rateSeries<TOnTimeGroup>()} />}
      emptyText={NO_DELIVERIES}
      range={range}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <StatGrid>
        <StatTile label="On-time rate" value={formatRate(data.summary.onTimeRate)} />
        <StatTile label="Delivered with a promised date" value={formatCount(data.summary.delivered)} />
        <StatTile label="Late" value={formatCount(data.summary.late)} />
        <StatTile label="Average lateness of late jobs" value={formatDays(data.summary.averageDaysLate)} />
      </StatGrid>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChartCard
          title="On-time rate by month"
          rows={data.byMonth}
          rowKey={(row) => row.month}
          columns={[column.month<TMonth>('month', 'Month', (row) => row.month), ...countColumns()]}
          chart={
            <SeriesLineChart
              rows={data.byMonth}
              category={(row) => formatMonth(row.month)}
              series={rateSeries()}
            />
          }
          emptyText={NO_DELIVERIES}
          range={range}
        />
        <ChartCard
          title="Promised vs delivered"
          description="Jobs by days between the promised day and delivery; below zero is early."
          rows={data.distribution}
          rowKey={(row) => String(row.daysLate)}
          columns={[
            column.text<TDistribution>('daysLate', 'Days late', (row) => row.daysLate),
            column.count<TDistribution>('jobs', 'Jobs', (row) => row.jobs),
          ]}
          chart={
            <SeriesBarChart
              rows={data.distribution}
              category={(row) => String(row.daysLate)}
              series={[series.count<TDistribution>('jobs', 'Jobs', (row) => row.jobs)]}
            />
          }
          emptyText={NO_DELIVERIES}
          range={range}
        />
        {group('On-time rate by product type', 'Product type', data.byProductType)}
        {group('On-time rate by salesperson', 'Salesperson', data.bySalesperson)}
        {group('On-time rate by location', 'Location', data.byLocation)}
        {group('On-time rate by pickup location', 'Pickup location', data.byPickupLocation)}
      </div>
      <ChartCard
        title="Late jobs"
        description="Delivered after the promised day, the latest first."
        rows={data.lateJobs}
        rowKey={(row) => `${row.kind}-${row.id}`}
        columns={LATE_JOB_COLUMNS}
        emptyText="Every job in this period was delivered on time."
        range={range}
      />
    </div>
  );
}
