import type { TLateJob, TOnTimeAnalytics, TOnTimeGroup } from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, SeriesLineChart, type TSeries } from '@/components/chart/series-charts';
import { formatCalendarDate, formatDateTime } from '@/lib/date-format';
import {
  formatCount,
  formatDays,
  formatMonth,
  formatPercent,
  formatRate,
  ratePercent,
} from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { csvFileName, type TColumn } from './analytics-table';
import { ChartCard } from './chart-card';
import { jobPath } from './job-link';
import { StatTile } from './stat-tile';

type TMonth = TOnTimeAnalytics['byMonth'][number];
type TCounts = Pick<TOnTimeGroup, 'delivered' | 'onTime' | 'late' | 'onTimeRate'>;

function countColumns<Row extends TCounts>(): TColumn<Row>[] {
  return [
    {
      key: 'delivered',
      header: 'Delivered',
      value: (row) => row.delivered,
      format: formatCount,
      isNumeric: true,
    },
    { key: 'onTime', header: 'On time', value: (row) => row.onTime, format: formatCount, isNumeric: true },
    { key: 'late', header: 'Late', value: (row) => row.late, format: formatCount, isNumeric: true },
    {
      key: 'rate',
      header: 'On-time rate (%)',
      value: (row) => ratePercent(row.onTimeRate),
      format: formatPercent,
      isNumeric: true,
    },
  ];
}

function rateSeries<Row extends TCounts>(): TSeries<Row>[] {
  return [
    { key: 'rate', name: 'On-time rate', value: (row) => ratePercent(row.onTimeRate), format: formatPercent },
  ];
}

const LATE_JOB_COLUMNS: TColumn<TLateJob>[] = [
  { key: 'number', header: 'Job', value: (row) => row.number, href: jobPath },
  { key: 'customer', header: 'Customer', value: (row) => row.customerName },
  { key: 'productType', header: 'Product type', value: (row) => row.productTypeName },
  { key: 'salesperson', header: 'Salesperson', value: (row) => row.salespersonName },
  { key: 'location', header: 'Location', value: (row) => row.locationName },
  {
    key: 'promised',
    header: 'Promised',
    value: (row) => row.promisedDate,
    format: (_, row) => formatCalendarDate(row.promisedDate),
  },
  {
    key: 'delivered',
    header: 'Delivered',
    value: (row) => row.deliveredAt,
    format: (_, row) => formatDateTime(row.deliveredAt),
  },
  {
    key: 'daysLate',
    header: 'Days late',
    value: (row) => row.daysLate,
    format: formatCount,
    isNumeric: true,
  },
];

export function isOnTimeEmpty(data: TOnTimeAnalytics): boolean {
  return data.summary.delivered === 0;
}

export const ON_TIME_SCREEN: TAnalyticsScreen<TOnTimeAnalytics> = {
  title: 'On-Time Delivery',
  description:
    'How often pieces are ready by the promised date, by month, product type, salesperson and location.',
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
        { key: 'name', header: nameHeader, value: (row) => row.name },
        ...countColumns<TOnTimeGroup>(),
      ]}
      chart={<SeriesBarChart rows={rows} category={(row) => row.name} series={rateSeries<TOnTimeGroup>()} />}
      emptyText="No delivered jobs with a promised date in this period."
      fileName={csvFileName(title, range)}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile label="On-time rate" value={formatRate(data.summary.onTimeRate)} />
        <StatTile label="Delivered with a promised date" value={formatCount(data.summary.delivered)} />
        <StatTile label="Late" value={formatCount(data.summary.late)} />
        <StatTile label="Average lateness of late jobs" value={formatDays(data.summary.averageDaysLate)} />
      </div>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChartCard
          title="On-time rate by month"
          rows={data.byMonth}
          rowKey={(row) => row.month}
          columns={[
            {
              key: 'month',
              header: 'Month',
              value: (row) => row.month,
              format: (_, row) => formatMonth(row.month),
            },
            ...countColumns<TMonth>(),
          ]}
          chart={
            <SeriesLineChart
              rows={data.byMonth}
              category={(row) => formatMonth(row.month)}
              series={rateSeries<TMonth>()}
            />
          }
          emptyText="No delivered jobs with a promised date in this period."
          fileName={csvFileName('On-time rate by month', range)}
        />
        <ChartCard
          title="Promised vs delivered"
          description="Jobs by days between the promised day and delivery; below zero is early."
          rows={data.distribution}
          rowKey={(row) => String(row.daysLate)}
          columns={[
            { key: 'daysLate', header: 'Days late', value: (row) => row.daysLate },
            { key: 'jobs', header: 'Jobs', value: (row) => row.jobs, format: formatCount, isNumeric: true },
          ]}
          chart={
            <SeriesBarChart
              rows={data.distribution}
              category={(row) => String(row.daysLate)}
              series={[{ key: 'jobs', name: 'Jobs', value: (row) => row.jobs, format: formatCount }]}
            />
          }
          emptyText="No delivered jobs with a promised date in this period."
          fileName={csvFileName('Promised vs delivered', range)}
        />
        {group('On-time rate by product type', 'Product type', data.byProductType)}
        {group('On-time rate by salesperson', 'Salesperson', data.bySalesperson)}
        {group('On-time rate by location', 'Location', data.byLocation)}
      </div>
      <ChartCard
        title="Late jobs"
        description="Delivered after the promised day, the latest first."
        rows={data.lateJobs}
        rowKey={(row) => `${row.kind}-${row.id}`}
        columns={LATE_JOB_COLUMNS}
        emptyText="Every job in this period was delivered on time."
        fileName={csvFileName('Late jobs', range)}
      />
    </div>
  );
}
