import type { TCapacityAnalytics } from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, type TSeries } from '@/components/chart/series-charts';
import type { TColumn } from '@/components/data-table/columns';
import { formatDateTime } from '@/lib/date-format';
import { column, series } from './analytics-columns';
import { formatWeek } from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { ChartCard } from './chart-card';
import { jobColumn } from './job-link';

type TWeek = TCapacityAnalytics['departments'][number]['weeks'][number];

const CAPACITY_SOURCE_LABELS = {
  'person-hours': "Jeweler's working hours",
  'workshop-hours': 'Workshop hours',
} as const;

/** Utilization is load / capacity, not a bounded rate: past 100 % the work does not fit. */
const overCapacity = (row: { readonly utilization: number | null }) =>
  row.utilization !== null && row.utilization > 1 ? ('bad' as const) : null;

type TLoad = { readonly load: number; readonly capacity: number; readonly utilization: number | null };

type TPushedLate = NonNullable<TCapacityAnalytics['whatIf']>['pushedLate'][number];
type TWeekLoad = TLoad & { readonly weekStart: string };

/** Load, capacity and how full, the same for a week of a department and a station's whole horizon. */
function loadColumns<Row extends TLoad>(): TColumn<Row>[] {
  return [
    column.hours('load', 'Load (h)', (row) => row.load),
    column.hours('capacity', 'Capacity (h)', (row) => row.capacity),
    { ...column.rate('utilization', 'Utilization (%)', (row) => row.utilization), tone: overCapacity },
  ];
}

function loadSeries<Row extends TLoad>(): TSeries<Row>[] {
  return [
    series.hours('load', 'Load', (row) => row.load),
    series.hours('capacity', 'Capacity', (row) => row.capacity, 1),
  ];
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
        {data.departments.map((department) => {
          const weeks = department.weeks.map(
            (week): TWeekLoad => ({
              weekStart: week.weekStart,
              load: week.loadHours,
              capacity: week.capacityHours,
              utilization: week.utilization,
            }),
          );
          return (
            <ChartCard
              key={department.departmentId}
              title={`${department.departmentName}: load vs capacity`}
              description="Hours of work due each week against the hours its people can give."
              rows={weeks}
              rowKey={(row) => row.weekStart}
              columns={[column.week<TWeekLoad>('week', 'Week of', (row) => row.weekStart), ...loadColumns()]}
              chart={
                <SeriesBarChart
                  rows={weeks}
                  category={(row) => formatWeek(row.weekStart)}
                  series={loadSeries()}
                />
              }
              emptyText="No weeks to plan."
              range={range}
              csvName={`${department.departmentName} load vs capacity`}
            />
          );
        })}
      </div>
      <ChartCard<TStationRow>
        title={`Stations over the next ${data.weeks.length} weeks`}
        description="Each station's load and capacity over the whole horizon."
        rows={stationRows}
        rowKey={(row) => row.station.stationId}
        columns={[
          column.text('station', 'Station', (row) => row.station.stationName),
          column.text('department', 'Department', (row) => row.station.departmentName),
          ...loadColumns<TStationRow>(),
          column.text('source', 'Capacity from', (row) => CAPACITY_SOURCE_LABELS[row.station.capacitySource]),
        ]}
        chart={
          <SeriesBarChart
            rows={stationRows}
            category={(row) => row.station.stationName}
            series={loadSeries<TStationRow>()}
            isHorizontal
          />
        }
        emptyText="No stations to plan."
        range={range}
        csvName="Station load vs capacity"
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
        jobColumn(),
        column.day<TPushedLate>('promised', 'Promised', (row) => row.promisedDate),
        column.dateTime<TPushedLate>('before', 'Predicted now', (row) => row.predictedBefore),
        column.dateTime<TPushedLate>('after', 'Predicted with the rush job', (row) => row.predictedAfter),
      ]}
      emptyText="No job would be pushed past its promised day."
      csvName="Jobs put at risk by a rush job"
    />
  );
}
