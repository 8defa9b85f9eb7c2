import { routeName, type TTransitAnalytics, type TTransitRoute } from '@loupe/domain/analytics/transit';
import { SeriesBarChart, SeriesLineChart } from '@/components/chart/series-charts';
import type { TColumn } from '@/components/data-table/columns';
import { column, series } from './analytics-columns';
import { formatCount, formatHours, formatWeek } from './analytics-format';
import type { TAnalyticsScreen } from './analytics-screen';
import { ChartCard } from './chart-card';
import { StatGrid, StatTile } from './stat-tile';

type TDay = TTransitAnalytics['byDay'][number];

const firstWord = (text: string) => text.trim().split(/\s+/)[0] ?? text;

/**
 * The routes' names on a chart's side axis, short enough to show whole there ('Downtown → Main'): each place
 * by its first word, unless two places would then read alike; the carrier's first word only where a route
 * has several. The table and the tooltip give the full names.
 */
export function routeLabels(routes: readonly TTransitRoute[]): (route: TTransitRoute) => string {
  const names = new Set(routes.flatMap((route) => [route.fromLocationName, route.toLocationName]));
  const shorts = new Set([...names].map(firstWord));
  const place = (name: string) => (shorts.size === names.size ? firstWord(name) : name);
  const carriers = new Map<string, Set<string>>();
  for (const route of routes) {
    const key = `${route.fromLocationId}>${route.toLocationId}`;
    carriers.set(key, (carriers.get(key) ?? new Set()).add(route.carrier));
  }
  return (route) => {
    const name = `${place(route.fromLocationName)} → ${place(route.toLocationName)}`;
    const several = (carriers.get(`${route.fromLocationId}>${route.toLocationId}`)?.size ?? 0) > 1;
    return several ? `${name} · ${firstWord(route.carrier || 'None')}` : name;
  };
}

const routeKey = (route: TTransitRoute) => `${route.fromLocationId}-${route.toLocationId}-${route.carrier}`;

const ROUTE_COLUMNS: TColumn<TTransitRoute>[] = [
  column.text('route', 'Route', (row) => routeName(row)),
  column.text('carrier', 'Carrier', (row) => row.carrier || 'No carrier'),
  column.count('bags', 'Bags', (row) => row.bags),
  column.count('envelopes', 'Envelopes', (row) => row.envelopes),
  column.hours('median', 'Median (h)', (row) => row.medianHours),
  column.hours('p90', '90th percentile (h)', (row) => row.p90Hours),
  column.count('short', 'Arrived short', (row) => row.short),
  column.rate('shortRate', 'Short (%)', (row) => row.shortRate),
  column.count('overdue', 'Overdue now', (row) => row.overdue),
];

const HOURS_SERIES = [
  series.hours<TTransitRoute>('median', 'Median', (row) => row.medianHours),
  series.hours<TTransitRoute>('p90', '90th percentile', (row) => row.p90Hours),
];

const NO_BAGS = 'No bags were sent between locations in this period.';

export function isTransitEmpty(data: TTransitAnalytics): boolean {
  return data.routes.length === 0 && data.summary.inTransit === 0;
}

export const TRANSIT_SCREEN: TAnalyticsScreen<TTransitAnalytics> = {
  title: 'Transit Analytics',
  description:
    'How long bags take between the workshop, its stores and outside vendors, by route and carrier; what arrived short and what is overdue.',
  errorTitle: 'Could not load the transit figures',
  isEmpty: isTransitEmpty,
  emptyTitle: 'No transfers in this period',
  emptyText:
    'No bag was sent between locations in these dates, and none is on its way. Widen the dates or choose another location.',
  skeletons: 3,
};

/** /transit-analytics: hours on the way per route and carrier, short bags, and the median by day. */
export function TransitAnalytics({ data }: { readonly data: TTransitAnalytics }) {
  const range = { from: data.filter.from, to: data.filter.to };
  const { summary } = data;
  const timed = data.routes.filter((route) => route.arrived > 0);
  const routeLabel = routeLabels(data.routes);
  const sent = data.routes.filter((route) => route.bags > 0);
  return (
    <div className="flex flex-col gap-6">
      <StatGrid columns={3}>
        <StatTile label="Median transit" value={formatHours(summary.medianHours)} />
        <StatTile label="90th percentile" value={formatHours(summary.p90Hours)} />
        <StatTile label="Bags sent" value={formatCount(summary.bags)} />
        <StatTile label="Bags arrived short" value={formatCount(summary.short)} />
        <StatTile label="Bags in transit now" value={formatCount(summary.inTransit)} />
        <StatTile label="Bags overdue now" value={formatCount(summary.overdue)} />
      </StatGrid>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChartCard
          title="Transit hours per route"
          description="From the bag’s send to each envelope’s arrival; full names under Routes."
          rows={timed}
          rowKey={routeKey}
          columns={ROUTE_COLUMNS}
          chart={<SeriesBarChart rows={timed} category={routeLabel} series={HOURS_SERIES} isHorizontal />}
          emptyText="No envelope sent in this period has arrived yet."
          range={range}
        />
        <ChartCard
          title="Bags arrived short per route"
          description="Share of the bags sent that were closed with envelopes missing."
          rows={sent}
          rowKey={routeKey}
          columns={ROUTE_COLUMNS}
          chart={
            <SeriesBarChart
              rows={sent}
              category={routeLabel}
              series={[series.rate<TTransitRoute>('shortRate', 'Arrived short', (row) => row.shortRate)]}
              isHorizontal
            />
          }
          emptyText={NO_BAGS}
          range={range}
        />
        <ChartCard
          className="xl:col-span-2"
          title="Median transit hours by day"
          description="Envelopes by the day their bag was sent."
          rows={data.byDay}
          rowKey={(row) => row.day}
          columns={[
            column.day<TDay>('day', 'Sent on', (row) => row.day),
            column.count<TDay>('arrived', 'Envelopes arrived', (row) => row.arrived),
            column.hours<TDay>('median', 'Median (h)', (row) => row.medianHours),
          ]}
          chart={
            <SeriesLineChart
              rows={data.byDay}
              category={(row) => formatWeek(row.day)}
              series={[series.hours<TDay>('median', 'Median transit', (row) => row.medianHours)]}
            />
          }
          emptyText="No envelope sent in this period has arrived yet."
          range={range}
        />
      </div>
      <ChartCard
        title="Routes"
        description="Every route and carrier: bags sent in the period, and the bags on their way past the day they were expected now."
        rows={data.routes}
        rowKey={routeKey}
        columns={ROUTE_COLUMNS}
        emptyText={NO_BAGS}
        range={range}
      />
    </div>
  );
}
