import type {
  TRootCause,
  TRootCauseAnalytics,
  TRootCauseJob,
  TRootCauseKind,
} from '@loupe/domain/analytics/analytics-api';
import { Link, useSearchParams } from 'react-router';
import { SeriesBarChart } from '@/components/chart/series-charts';
import type { TColumn } from '@/components/data-table/columns';
import { column, series } from './analytics-columns';
import { formatCount, formatHours, oneDecimal } from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { ChartCard } from './chart-card';
import { jobColumn, latenessColumns } from './job-link';
import { StatGrid, StatTile } from './stat-tile';

export const CAUSE_KIND_LABELS: Readonly<Record<TRootCauseKind, string>> = {
  phase: 'Phase',
  station: 'Station',
  offsite: 'Offsite leg',
};

function causeName(cause: Pick<TRootCause, 'kind' | 'name'>): string {
  return `${cause.name} (${CAUSE_KIND_LABELS[cause.kind]})`;
}

/** The address of this screen with one cause picked for the drill-down (the other filters kept). */
function causeSearch(params: URLSearchParams, cause: Pick<TRootCause, 'kind' | 'id'> | null): string {
  const next = new URLSearchParams(params);
  if (cause) {
    next.set('causeKind', cause.kind);
    next.set('causeId', cause.id);
  } else {
    next.delete('causeKind');
    next.delete('causeId');
  }
  return `?${next.toString()}`;
}

const JOB_COLUMNS: TColumn<TRootCauseJob>[] = [
  jobColumn(),
  ...latenessColumns<TRootCauseJob>(),
  column.text('cause', 'Main cause', (row) => causeName(row.cause)),
  column.hours('hours', 'Took (h)', (row) => row.hours),
  column.hours('median', 'Typical (h)', (row) => row.medianHours),
  column.hours('excess', 'Beyond typical (h)', (row) => row.excessHours),
];

export function isRootCauseEmpty(data: TRootCauseAnalytics): boolean {
  return data.lateJobs === 0;
}

export const ROOT_CAUSE_SCREEN: TAnalyticsScreen<TRootCauseAnalytics> = {
  title: 'Root Cause Dashboard',
  description: 'Why pieces run late: the stations, steps and vendors behind the delays.',
  errorTitle: 'Could not load the root causes',
  isEmpty: isRootCauseEmpty,
  emptyTitle: 'No late jobs in this period',
  emptyText: 'Every job delivered in these dates with these filters was on time.',
  skeletons: 2,
};

export type TRootCauseDashboardProps = {
  readonly data: TRootCauseAnalytics;
  /** The cause picked for the drill-down, from the address. */
  readonly picked: { readonly kind: TRootCauseKind; readonly id: string } | null;
};

/**
 * /root-cause-dashboard: for late jobs, which phase, station or offsite leg added the delay beyond its typical
 * time; the top causes over the period, and the jobs behind each (a cause's link narrows the list).
 */
export function RootCauseDashboard({ data, picked }: TRootCauseDashboardProps) {
  const [params] = useSearchParams();
  const range = { from: data.filter.from, to: data.filter.to };
  const pickedCause = picked
    ? data.causes.find((c) => c.kind === picked.kind && c.id === picked.id)
    : undefined;
  const pickedName = pickedCause
    ? causeName(pickedCause)
    : data.jobs[0] && picked
      ? causeName(data.jobs[0].cause)
      : null;
  const causeColumns: TColumn<TRootCause>[] = [
    column.text(
      'cause',
      'Cause',
      (row) => row.name,
      (row) => causeSearch(params, row),
    ),
    column.text('kind', 'Kind', (row) => CAUSE_KIND_LABELS[row.kind]),
    column.count('lateJobs', 'Late jobs', (row) => row.lateJobs),
    column.hours('excess', 'Beyond typical (h)', (row) => row.excessHours),
  ];

  return (
    <div className="flex flex-col gap-6">
      <StatGrid columns={3}>
        <StatTile
          label="Late jobs"
          value={formatCount(data.lateJobs)}
          hint="Delivered after the promised day"
        />
        <StatTile
          label="Top cause"
          value={data.causes[0]?.name ?? '—'}
          hint={data.causes[0] ? `${formatCount(data.causes[0].lateJobs)} late jobs` : undefined}
        />
        <StatTile
          label="Hours beyond typical"
          value={formatHours(oneDecimal(data.causes.reduce((sum, cause) => sum + cause.excessHours, 0)))}
          hint="Added by the top causes"
        />
      </StatGrid>
      <ChartCard
        title="Top causes of late jobs"
        description="The phase, station or offsite leg that added the most time beyond its median, per late job. Pick a cause to see its jobs."
        rows={data.causes}
        rowKey={(row) => `${row.kind}-${row.id}`}
        columns={causeColumns}
        chart={
          <SeriesBarChart
            rows={data.causes}
            category={(row) => row.name}
            isHorizontal
            series={[series.count<TRootCause>('lateJobs', 'Late jobs', (row) => row.lateJobs)]}
          />
        }
        emptyText="No late job had a cause beyond its typical time."
        range={range}
      />
      {picked ? (
        <p className="text-sm">
          Showing the jobs late because of <strong>{pickedName ?? picked.id}</strong>.{' '}
          <Link to={causeSearch(params, null)} className="text-primary underline-offset-4 hover:underline">
            Show every late job
          </Link>
        </p>
      ) : null}
      <ChartCard
        title={pickedName ? `Late jobs: ${pickedName}` : 'Late jobs and their main cause'}
        rows={data.jobs}
        rowKey={(row) => `${row.kind}-${row.id}`}
        columns={JOB_COLUMNS}
        emptyText="No late jobs for this cause in this period."
        range={range}
        csvName="Late jobs by cause"
      />
    </div>
  );
}
