import type {
  TAnalyticsFilter,
  TComparisonAnalytics,
  TComparisonFigureKey,
  TResolvedAnalyticsFilter,
} from '@loupe/domain/analytics/analytics-api';
import { changeOf, previousPeriod, rate, round } from '@loupe/domain/analytics/statistics';
import type { TActor } from '@loupe/domain/auth/roles';
import { assertMayViewAnalytics, type TAnalyticsContext } from './context.ts';
import { resolveFilter, type TScope } from './scope.ts';

const FIGURES: readonly {
  key: TComparisonFigureKey;
  label: string;
  unit: 'jobs' | 'rate' | 'days' | 'hours';
  betterWhen: 'higher' | 'lower';
}[] = [
  { key: 'started', label: 'Jobs started', unit: 'jobs', betterWhen: 'higher' },
  { key: 'delivered', label: 'Jobs delivered', unit: 'jobs', betterWhen: 'higher' },
  { key: 'onTimeRate', label: 'On-time rate', unit: 'rate', betterWhen: 'higher' },
  { key: 'averageDaysLate', label: 'Average days late (late jobs)', unit: 'days', betterWhen: 'lower' },
  { key: 'averageCycleDays', label: 'Average cycle time', unit: 'days', betterWhen: 'lower' },
  { key: 'p90CycleDays', label: 'Cycle time, 90th percentile', unit: 'days', betterWhen: 'lower' },
  {
    key: 'averageStationHours',
    label: 'Average time per station visit',
    unit: 'hours',
    betterWhen: 'lower',
  },
  { key: 'reworkRate', label: 'Rework rate', unit: 'rate', betterWhen: 'lower' },
];

/** The comparison screen: the same figures over two ranges, or two locations over one range. */
export function createComparisonAnalytics(context: TAnalyticsContext) {
  const { clock, reference } = context;
  const repo = context.repositories.comparison;
  const bucketRepo = context.repositories.stationBuckets;

  async function sideFigures(scope: TScope): Promise<Record<TComparisonFigureKey, number | null>> {
    const [jobs, buckets] = await Promise.all([repo.jobFigures(scope), bucketRepo.stationBuckets(scope)]);
    const visits = buckets.reduce((sum, row) => sum + row.visits, 0);
    const minutes = buckets.reduce((sum, row) => sum + row.minutes, 0);
    const r = (value: number | null) => (value === null ? null : round(value));
    return {
      started: jobs.started,
      delivered: jobs.delivered,
      onTimeRate: rate(jobs.onTime, jobs.promised),
      averageDaysLate: r(jobs.averageDaysLate),
      averageCycleDays: r(jobs.averageCycleDays),
      p90CycleDays: r(jobs.p90CycleDays),
      averageStationHours: visits === 0 ? null : round(minutes / visits / 60),
      reworkRate: rate(jobs.reworked, jobs.delivered),
    };
  }

  return async function comparison(
    actor: TActor,
    query: TAnalyticsFilter & {
      compareFrom?: string | undefined;
      compareTo?: string | undefined;
      compareLocationId?: string | undefined;
    },
  ): Promise<TComparisonAnalytics> {
    assertMayViewAnalytics(actor);
    const calendar = await context.calendar();
    const { resolved, scope } = resolveFilter(query, calendar, clock());
    const sameRange = query.compareFrom === undefined && query.compareTo === undefined;
    // Location against location over the same range; otherwise this range against another (the one before by default).
    const range =
      sameRange && query.compareLocationId !== undefined
        ? { from: resolved.from, to: resolved.to }
        : sameRange
          ? previousPeriod(resolved.from, resolved.to)
          : {
              from: query.compareFrom ?? resolved.from,
              to: query.compareTo ?? resolved.to,
            };
    const other = resolveFilter(
      { ...query, from: range.from, to: range.to, locationId: query.compareLocationId ?? query.locationId },
      calendar,
      clock(),
    );
    const [a, b, names] = await Promise.all([
      sideFigures(scope),
      sideFigures(other.scope),
      reference.names(),
    ]);
    const side = (filter: TResolvedAnalyticsFilter) => ({
      label: `${filter.from} – ${filter.to}${filter.locationId ? ` · ${names.locations.get(filter.locationId) ?? filter.locationId}` : ''}`,
      from: filter.from,
      to: filter.to,
      locationId: filter.locationId,
      locationName: filter.locationId === null ? null : (names.locations.get(filter.locationId) ?? null),
    });
    return {
      filter: resolved,
      generatedAt: clock().toISOString(),
      a: side(resolved),
      b: side(other.resolved),
      figures: FIGURES.map((figure) => ({
        ...figure,
        a: a[figure.key],
        b: b[figure.key],
        ...changeOf(a[figure.key], b[figure.key]),
      })),
    };
  };
}
