import type { TWorkflowAnalytics } from '@loupe/domain/analytics/analytics-api';
import { SeriesBarChart, SeriesLineChart, type TSeries } from '@/components/chart/series-charts';
import type { TColumn } from '@/components/data-table/columns';
import { column, series } from './analytics-columns';
import { formatCount, formatDays, formatRate, formatWeek } from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { ChartCard } from './chart-card';
import { StatGrid, StatTile } from './stat-tile';

type TThroughput = TWorkflowAnalytics['throughput'][number];
type TWip = TWorkflowAnalytics['wip'][number];
type TPhaseTime = TWorkflowAnalytics['phaseTimes'][number];
type TStationTime = TWorkflowAnalytics['stationTimes'][number];
type TBottleneck = TWorkflowAnalytics['bottlenecks'][number];
type TTimed = { readonly hours: TPhaseTime['hours'] };

const weekColumn = <Row extends { weekStart: string }>() =>
  column.week<Row>('week', 'Week of', (row) => row.weekStart);

const THROUGHPUT_SERIES: TSeries<TThroughput>[] = [
  series.count('started', 'Started', (row) => row.started),
  series.count('delivered', 'Delivered', (row) => row.delivered),
];

function timeSeries<Row extends TTimed>(): TSeries<Row>[] {
  return [
    series.hours('average', 'Average', (row) => row.hours.average),
    series.hours('p90', '90th percentile', (row) => row.hours.p90),
  ];
}

function timeColumns<Row extends TTimed>(): TColumn<Row>[] {
  return [
    column.count('count', 'Visits', (row) => row.hours.count),
    column.hours('average', 'Average (h)', (row) => row.hours.average),
    column.hours('median', 'Median (h)', (row) => row.hours.median),
    column.hours('p90', 'p90 (h)', (row) => row.hours.p90),
  ];
}

/** Issue 37 §3: hours people worked on a phase (their timers) against the hours jobs sat in it. */
const LABOUR_SERIES: TSeries<TPhaseTime>[] = [
  series.hours('labour', 'Labour', (row) => row.labourHours),
  series.hours('dwell', 'Dwell', (row) => row.hours.average),
];

const LABOUR_COLUMNS: TColumn<TPhaseTime>[] = [
  column.text('phase', 'Phase', (row) => row.phaseName),
  column.hours('labour', 'Labour per job (h)', (row) => row.labourHours),
  column.hours('dwell', 'Dwell per job (h)', (row) => row.hours.average),
];

const BOTTLENECK_COLUMNS: TColumn<TBottleneck>[] = [
  column.text('station', 'Station', (row) => `${row.rank}. ${row.stationName}`),
  column.text('department', 'Department', (row) => row.departmentName),
  column.hours('total', 'Total (h)', (row) => row.totalHours),
  column.rate('share', 'Share (%)', (row) => row.share),
  column.hours('average', 'Average (h)', (row) => row.averageHours),
  column.hours('p90', 'p90 (h)', (row) => row.p90Hours),
  column.count('waiting', 'There now', (row) => row.waitingNow),
];

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
  const wipSeries = data.wipPhases.map((phase) =>
    series.count<TWip>(phase.key, phase.name, (row) => row.counts[phase.key] ?? 0),
  );
  const wipColumns: TColumn<TWip>[] = [
    weekColumn(),
    ...data.wipPhases.map((phase) =>
      column.count<TWip>(phase.key, phase.name, (row) => row.counts[phase.key] ?? 0),
    ),
    column.count('total', 'Total', (row) => row.total),
  ];
  const accuracy = data.predictionAccuracy;
  const top = data.bottlenecks[0];

  return (
    <div className="flex flex-col gap-6">
      <StatGrid>
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
          value={top?.stationName ?? '—'}
          hint={top ? `${formatRate(top.share)} of station hours` : undefined}
        />
      </StatGrid>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChartCard
          title="Throughput per week"
          description="Jobs first read (started) and delivered each week."
          rows={data.throughput}
          rowKey={(row) => row.weekStart}
          columns={[
            weekColumn(),
            column.count<TThroughput>('started', 'Started', (row) => row.started),
            column.count<TThroughput>('delivered', 'Delivered', (row) => row.delivered),
          ]}
          chart={
            <SeriesLineChart
              rows={data.throughput}
              category={(row) => formatWeek(row.weekStart)}
              series={THROUGHPUT_SERIES}
            />
          }
          emptyText="No jobs started or delivered in this period."
          range={range}
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
          range={range}
        />
        <ChartCard
          title="Time per phase"
          description="Hours each job spent in a phase, all its visits added up."
          rows={data.phaseTimes}
          rowKey={(row) => row.phaseKey}
          columns={[
            column.text<TPhaseTime>('phase', 'Phase', (row) => row.phaseName),
            ...timeColumns<TPhaseTime>(),
            column.hours<TPhaseTime>('labour', 'Labour (h)', (row) => row.labourHours),
          ]}
          chart={
            <SeriesBarChart rows={data.phaseTimes} category={(row) => row.phaseName} series={timeSeries()} />
          }
          emptyText="No phase was finished in this period."
          range={range}
        />
        <ChartCard
          title="Labour vs dwell per phase"
          description="Hours people’s timers counted on a phase against the hours each job sat in it."
          rows={data.phaseTimes}
          rowKey={(row) => row.phaseKey}
          columns={LABOUR_COLUMNS}
          chart={
            <SeriesBarChart rows={data.phaseTimes} category={(row) => row.phaseName} series={LABOUR_SERIES} />
          }
          emptyText="No phase was finished in this period."
          range={range}
        />
        <ChartCard
          title="Time per station"
          description="Hours per visit at each station."
          rows={data.stationTimes}
          rowKey={(row) => row.stationId}
          columns={[
            column.text<TStationTime>('station', 'Station', (row) => row.stationName),
            column.text<TStationTime>('department', 'Department', (row) => row.departmentName),
            ...timeColumns<TStationTime>(),
          ]}
          chart={
            <SeriesBarChart
              rows={data.stationTimes}
              category={(row) => row.stationName}
              series={timeSeries()}
              isHorizontal
            />
          }
          emptyText="No station visits in this period."
          range={range}
        />
        <ChartCard
          className="xl:col-span-2"
          title="Bottleneck ranking"
          description="Stations by the hours jobs spent there; the largest share of station time first."
          rows={data.bottlenecks}
          rowKey={(row) => row.stationId}
          columns={BOTTLENECK_COLUMNS}
          chart={
            <SeriesBarChart
              rows={data.bottlenecks}
              category={(row) => `${row.rank}. ${row.stationName}`}
              series={[series.hours<TBottleneck>('total', 'Total hours', (row) => row.totalHours)]}
              isHorizontal
            />
          }
          emptyText="No station time in this period."
          range={range}
        />
      </div>
    </div>
  );
}
