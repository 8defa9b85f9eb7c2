import type { TCapacityAnalytics } from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, type TSeries } from '@/components/chart/series-charts';
import { formatCalendarDate, formatDateTime } from '@/lib/date-format';
import { formatHours, formatPercent, formatWeek, oneDecimal, ratePercent } from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { csvFileName, type TColumn } from './analytics-table';
import { ChartCard } from './chart-card';
import { jobPath } from './job-link';

type TWeek = TCapacityAnalytics['departments'][number]['weeks'][number];

const CAPACITY_SOURCE_LABELS = {
  'person-hours': "Jeweler's working hours",
  'workshop-hours': 'Workshop hours',
} as const;

const WEEK_SERIES: TSeries<TWeek>[] = [
  { key: 'load', name: 'Load', value: (row) => oneDecimal(row.loadHours), format: formatHours },
  {
    key: 'capacity',
    name: 'Capacity',
    value: (row) => oneDecimal(row.capacityHours),
    format: formatHours,
    colorIndex: 1,
  },
];

const WEEK_COLUMNS: TColumn<TWeek>[] = [
  {
    key: 'week',
    header: 'Week of',
    value: (row) => row.weekStart,
    format: (_, row) => formatWeek(row.weekStart),
  },
  {
    key: 'load',
    header: 'Load (h)',
    value: (row) => oneDecimal(row.loadHours),
    format: formatHours,
    isNumeric: true,
  },
  {
    key: 'capacity',
    header: 'Capacity (h)',
    value: (row) => oneDecimal(row.capacityHours),
    format: formatHours,
    isNumeric: true,
  },
  {
    key: 'utilization',
    header: 'Utilization (%)',
    value: (row) => ratePercentOf(row.utilization),
    format: formatPercent,
    tone: (row) => (row.utilization !== null && row.utilization > 1 ? 'bad' : null),
    isNumeric: true,
  },
];

/** Utilization may pass 100 %: it is load / capacity, not a bounded rate. */
function ratePercentOf(value: number | null): number | null {
  return value === null ? null : ratePercent(value);
}

function sum(weeks: readonly TWeek[], pick: (week: TWeek) => number): number {
  return weeks.reduce((total, week) => total + pick(week), 0);
}

export function isCapacityEmpty(data: TCapacityAnalytics): boolean {
  return data.departments.length === 0 && data.stations.length === 0;
}

export const CAPACITY_SCREEN: TAnalyticsScreen<TCapacityAnalytics> = {
  title: 'Capacity Planning',
  description:
    'How full each bench and department is over the coming weeks, and whether new promises can be kept.',
  errorTitle: 'Could not load the capacity plan',
  isEmpty: isCapacityEmpty,
  emptyTitle: 'No departments to plan',
  emptyText: 'No department or station matches these filters. Clear a filter, or set up departments first.',
};

/** /capacity-planning: load against capacity per department and station for the coming weeks. */
export function CapacityPlanning({ data }: { readonly data: TCapacityAnalytics }) {
  const first = data.weeks[0];
  const last = data.weeks.at(-1);
  const range = first && last ? { from: first, to: last } : undefined;
  const stationRows = data.stations.map((station) => {
    const load = sum(station.weeks, (week) => week.loadHours);
    const capacity = sum(station.weeks, (week) => week.capacityHours);
    return { station, load, capacity, utilization: capacity > 0 ? load / capacity : null };
  });
  type TStationRow = (typeof stationRows)[number];

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {data.assumptions.note} {data.assumptions.openJobs} open jobs; the workshop works{' '}
        {data.assumptions.workshopHoursPerWeek} h a week.
      </p>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        {data.departments.map((department) => (
          <ChartCard
            key={department.departmentId}
            title={`${department.departmentName}: load vs capacity`}
            description="Hours of work due each week against the hours its people can give."
            rows={department.weeks}
            rowKey={(row) => row.weekStart}
            columns={WEEK_COLUMNS}
            chart={
              <SeriesBarChart
                rows={department.weeks}
                category={(row) => formatWeek(row.weekStart)}
                series={WEEK_SERIES}
              />
            }
            emptyText="No weeks to plan."
            fileName={csvFileName(`${department.departmentName} load vs capacity`, range)}
          />
        ))}
      </div>
      <ChartCard<TStationRow>
        title={`Stations over the next ${data.weeks.length} weeks`}
        description="Each station's load and capacity over the whole horizon."
        rows={stationRows}
        rowKey={(row) => row.station.stationId}
        columns={[
          { key: 'station', header: 'Station', value: (row) => row.station.stationName },
          { key: 'department', header: 'Department', value: (row) => row.station.departmentName },
          {
            key: 'load',
            header: 'Load (h)',
            value: (row) => oneDecimal(row.load),
            format: formatHours,
            isNumeric: true,
          },
          {
            key: 'capacity',
            header: 'Capacity (h)',
            value: (row) => oneDecimal(row.capacity),
            format: formatHours,
            isNumeric: true,
          },
          {
            key: 'utilization',
            header: 'Utilization (%)',
            value: (row) => ratePercentOf(row.utilization),
            format: formatPercent,
            tone: (row) => (row.utilization !== null && row.utilization > 1 ? 'bad' : null),
            isNumeric: true,
          },
          {
            key: 'source',
            header: 'Capacity from',
            value: (row: TStationRow) => CAPACITY_SOURCE_LABELS[row.station.capacitySource],
          },
        ]}
        chart={
          <SeriesBarChart<TStationRow>
            rows={stationRows}
            category={(row) => row.station.stationName}
            isHorizontal
            series={[
              { key: 'load', name: 'Load', value: (row) => oneDecimal(row.load), format: formatHours },
              {
                key: 'capacity',
                name: 'Capacity',
                value: (row) => oneDecimal(row.capacity),
                format: formatHours,
                colorIndex: 1,
              },
            ]}
          />
        }
        emptyText="No stations to plan."
        fileName={csvFileName('Station load vs capacity', range)}
      />
    </div>
  );
}

/** The what-if's answer: when the rush job would be done, and which jobs it pushes past their promised day. */
export function WhatIfResult({ whatIf }: { readonly whatIf: NonNullable<TCapacityAnalytics['whatIf']> }) {
  return (
    <ChartCard
      title="Jobs the rush job puts at risk"
      description={`The rush job would likely be done ${formatDateTime(whatIf.rushPredictedCompletion)}. These open jobs were predicted on time and would then be at risk: predicted to finish after their promised date.`}
      rows={whatIf.pushedLate}
      rowKey={(row) => `${row.kind}-${row.id}`}
      columns={[
        { key: 'number', header: 'Job', value: (row) => row.number, href: jobPath },
        {
          key: 'promised',
          header: 'Promised',
          value: (row) => row.promisedDate,
          format: (_, row) => formatCalendarDate(row.promisedDate),
        },
        {
          key: 'before',
          header: 'Predicted now',
          value: (row) => row.predictedBefore,
          format: (_, row) => formatDateTime(row.predictedBefore),
        },
        {
          key: 'after',
          header: 'Predicted with the rush job',
          value: (row) => row.predictedAfter,
          format: (_, row) => formatDateTime(row.predictedAfter),
        },
      ]}
      emptyText="No job would be pushed past its promised day."
      fileName={csvFileName('Jobs put at risk by a rush job')}
    />
  );
}
