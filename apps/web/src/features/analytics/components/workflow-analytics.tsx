import type { TWorkflowAnalytics } from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, SeriesLineChart, type TSeries } from '@/components/chart/series-charts';
import {
  formatCount,
  formatDays,
  formatHours,
  formatPercent,
  formatRate,
  formatWeek,
  oneDecimal,
  ratePercent,
} from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { csvFileName, type TColumn } from './analytics-table';
import { ChartCard } from './chart-card';
import { StatTile } from './stat-tile';

type TThroughput = TWorkflowAnalytics['throughput'][number];
type TWip = TWorkflowAnalytics['wip'][number];
type TPhaseTime = TWorkflowAnalytics['phaseTimes'][number];
type TStationTime = TWorkflowAnalytics['stationTimes'][number];
type TBottleneck = TWorkflowAnalytics['bottlenecks'][number];

const hours = (value: number | null) => formatHours(value);

const THROUGHPUT_SERIES: TSeries<TThroughput>[] = [
  { key: 'started', name: 'Started', value: (row) => row.started, format: formatCount },
  { key: 'delivered', name: 'Delivered', value: (row) => row.delivered, format: formatCount },
];

function timeSeries<Row extends { hours: { average: number | null; p90: number | null } }>(): TSeries<Row>[] {
  return [
    { key: 'average', name: 'Average', value: (row) => oneDecimal(row.hours.average), format: hours },
    { key: 'p90', name: '90th percentile', value: (row) => oneDecimal(row.hours.p90), format: hours },
  ];
}

function timeColumns<Row extends { hours: TPhaseTime['hours'] }>(): TColumn<Row>[] {
  return [
    { key: 'count', header: 'Visits', value: (row) => row.hours.count, format: formatCount, isNumeric: true },
    {
      key: 'average',
      header: 'Average (h)',
      value: (row) => oneDecimal(row.hours.average),
      format: formatHours,
      isNumeric: true,
    },
    {
      key: 'median',
      header: 'Median (h)',
      value: (row) => oneDecimal(row.hours.median),
      format: formatHours,
      isNumeric: true,
    },
    {
      key: 'p90',
      header: 'p90 (h)',
      value: (row) => oneDecimal(row.hours.p90),
      format: formatHours,
      isNumeric: true,
    },
  ];
}

export function isWorkflowAnalyticsEmpty(data: TWorkflowAnalytics): boolean {
  return (
    data.throughput.every((week) => week.started === 0 && week.delivered === 0) &&
    data.phaseTimes.length === 0 &&
    data.stationTimes.length === 0 &&
    data.bottlenecks.length === 0
  );
}

export const WORKFLOW_SCREEN: TAnalyticsScreen<TWorkflowAnalytics> = {
  title: 'Workflow Analytics',
  description:
    'How many pieces the workshop finishes each week, how long each step takes and where work piles up.',
  errorTitle: 'Could not load the workflow figures',
  isEmpty: isWorkflowAnalyticsEmpty,
  emptyTitle: 'No workflow history in this period',
  emptyText:
    'No job was read at a station in these dates with these filters. Widen the dates or clear a filter.',
};

/** /workflow-analytics: throughput, work in progress, time per phase and station, bottlenecks, prediction error. */
export function WorkflowAnalytics({ data }: { readonly data: TWorkflowAnalytics }) {
  const range = { from: data.filter.from, to: data.filter.to };
  const wipSeries: TSeries<TWip>[] = data.wipPhases.map((phase) => ({
    key: phase.key,
    name: phase.name,
    value: (row) => row.counts[phase.key] ?? 0,
    format: formatCount,
  }));
  const wipColumns: TColumn<TWip>[] = [
    {
      key: 'week',
      header: 'Week of',
      value: (row) => row.weekStart,
      format: (_, row) => formatWeek(row.weekStart),
    },
    ...data.wipPhases.map((phase) => ({
      key: phase.key,
      header: phase.name,
      value: (row: TWip) => row.counts[phase.key] ?? 0,
      format: formatCount,
      isNumeric: true,
    })),
    { key: 'total', header: 'Total', value: (row) => row.total, format: formatCount, isNumeric: true },
  ];
  const accuracy = data.predictionAccuracy;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile
          label="Prediction error (mean absolute)"
          value={formatDays(accuracy.meanAbsoluteErrorDays)}
          hint={
            accuracy.jobs > 0
              ? `Predicted against actual completion over ${formatCount(accuracy.jobs)} delivered jobs`
              : 'No delivered job had a prediction in this period'
          }
        />
        <StatTile
          label="Delivered"
          value={formatCount(data.throughput.reduce((sum, week) => sum + week.delivered, 0))}
          hint="Jobs delivered in the period"
        />
        <StatTile
          label="Started"
          value={formatCount(data.throughput.reduce((sum, week) => sum + week.started, 0))}
          hint="Jobs first read in the period"
        />
        <StatTile
          label="Top bottleneck"
          value={data.bottlenecks[0]?.stationName ?? '—'}
          hint={data.bottlenecks[0] ? `${formatRate(data.bottlenecks[0].share)} of station hours` : undefined}
        />
      </div>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChartCard
          title="Throughput per week"
          description="Jobs first read (started) and delivered each week."
          rows={data.throughput}
          rowKey={(row) => row.weekStart}
          columns={[
            {
              key: 'week',
              header: 'Week of',
              value: (row) => row.weekStart,
              format: (_, row) => formatWeek(row.weekStart),
            },
            {
              key: 'started',
              header: 'Started',
              value: (row) => row.started,
              format: formatCount,
              isNumeric: true,
            },
            {
              key: 'delivered',
              header: 'Delivered',
              value: (row) => row.delivered,
              format: formatCount,
              isNumeric: true,
            },
          ]}
          chart={
            <SeriesLineChart
              rows={data.throughput}
              category={(row) => formatWeek(row.weekStart)}
              series={THROUGHPUT_SERIES}
            />
          }
          emptyText="No jobs started or delivered in this period."
          fileName={csvFileName('Throughput per week', range)}
        />
        <ChartCard
          title="Work in progress per phase"
          description="Jobs in each phase at the end of each week."
          rows={data.wip}
          rowKey={(row) => row.weekStart}
          columns={wipColumns}
          chart={
            <SeriesBarChart
              rows={data.wip}
              category={(row) => formatWeek(row.weekStart)}
              series={wipSeries}
              isStacked
            />
          }
          emptyText="No work in progress in this period."
          fileName={csvFileName('Work in progress per phase', range)}
        />
        <ChartCard
          title="Time per phase"
          description="Hours each job spent in a phase, all its visits added up."
          rows={data.phaseTimes}
          rowKey={(row) => row.phaseKey}
          columns={[
            { key: 'phase', header: 'Phase', value: (row) => row.phaseName },
            ...timeColumns<TPhaseTime>(),
          ]}
          chart={
            <SeriesBarChart
              rows={data.phaseTimes}
              category={(row) => row.phaseName}
              series={timeSeries<TPhaseTime>()}
            />
          }
          emptyText="No phase was finished in this period."
          fileName={csvFileName('Time per phase', range)}
        />
        <ChartCard
          title="Time per station"
          description="Hours per visit at each station."
          rows={data.stationTimes}
          rowKey={(row) => row.stationId}
          columns={[
            { key: 'station', header: 'Station', value: (row) => row.stationName },
            { key: 'department', header: 'Department', value: (row) => row.departmentName },
            ...timeColumns<TStationTime>(),
          ]}
          chart={
            <SeriesBarChart
              rows={data.stationTimes}
              category={(row) => row.stationName}
              series={timeSeries<TStationTime>()}
              isHorizontal
            />
          }
          emptyText="No station visits in this period."
          fileName={csvFileName('Time per station', range)}
        />
        <ChartCard
          className="xl:col-span-2"
          title="Bottleneck ranking"
          description="Stations by the hours jobs spent there; the largest share of station time first."
          rows={data.bottlenecks}
          rowKey={(row) => row.stationId}
          columns={[
            { key: 'station', header: 'Station', value: (row) => `${row.rank}. ${row.stationName}` },
            { key: 'department', header: 'Department', value: (row) => row.departmentName },
            {
              key: 'total',
              header: 'Total (h)',
              value: (row) => oneDecimal(row.totalHours),
              format: formatHours,
              isNumeric: true,
            },
            {
              key: 'share',
              header: 'Share (%)',
              value: (row) => ratePercent(row.share),
              format: formatPercent,
              isNumeric: true,
            },
            {
              key: 'average',
              header: 'Average (h)',
              value: (row) => oneDecimal(row.averageHours),
              format: formatHours,
              isNumeric: true,
            },
            {
              key: 'p90',
              header: 'p90 (h)',
              value: (row) => oneDecimal(row.p90Hours),
              format: formatHours,
              isNumeric: true,
            },
            {
              key: 'waiting',
              header: 'There now',
              value: (row) => row.waitingNow,
              format: formatCount,
              isNumeric: true,
            },
          ]}
          chart={
            <SeriesBarChart<TBottleneck>
              rows={data.bottlenecks}
              category={(row) => `${row.rank}. ${row.stationName}`}
              isHorizontal
              series={[
                {
                  key: 'total',
                  name: 'Total hours',
                  value: (row) => oneDecimal(row.totalHours),
                  format: formatHours,
                },
              ]}
            />
          }
          emptyText="No station time in this period."
          fileName={csvFileName('Bottleneck ranking', range)}
        />
      </div>
    </div>
  );
}
