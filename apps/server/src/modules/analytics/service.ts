import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type TAnalyticsFilter,
  type TCapacityAnalytics,
  type TComparisonAnalytics,
  type TComparisonFigureKey,
  type TOnTimeAnalytics,
  type TOnTimeGroup,
  type TPredictions,
  type TProductTypeAnalytics,
  type TProductTypeRow,
  type TProductTypeStationRow,
  type TResolvedAnalyticsFilter,
  type TRootCauseAnalytics,
  type TRootCauseKind,
  type TWorkflowAnalytics,
} from '@loupe/domain/analytics/analytics-api';
import { comingWeeks, delayByRushJob, type TPlannedStep, weeklyLoad } from '@loupe/domain/analytics/capacity';
import { mainCause, rankCauses } from '@loupe/domain/analytics/root-cause';
import {
  addDays,
  calendarDayOf,
  changeOf,
  daysBetween,
  percentileFromBuckets,
  previousPeriod,
  rate,
  round,
  weeksBetween,
} from '@loupe/domain/analytics/statistics';
import { canViewAnalytics, canViewPredictions } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  phasesFor,
  type TWorkflowPhase,
  templateFor,
  ZWorkflowTemplateSchema,
} from '@loupe/domain/workflow/workflow-template';
import {
  minutesOf,
  startOfWorkshopDay,
  type TPersonHours,
  type TWorkingCalendar,
} from '@loupe/domain/workflow/working-calendar';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TJobStates, TPhaseDurations } from '../jobs/job-states.ts';
import { createAnalyticsRepository, REPAIRS_GROUP, type TScope } from './repository.ts';

const HOUR_MS = 3_600_000;
/** Lists on the screens stop here; the CSV of a longer list comes from a narrower filter. */
const LIST_LIMIT = 500;
/** Late jobs root cause looks at, the latest first. */
const ROOT_CAUSE_JOBS = 2000;
/** A step's typical time is its median over the latest this many deliveries of the range. */
const MEDIAN_JOBS = 5000;
/**
 * A capacity plan lays out every open job's remaining phases week by week: the same filters within this long
 * get the plan made first (a load forecast weeks ahead is not changed by the last minute's reads).
 */
const CAPACITY_TTL_MS = 60_000;
/** Plans kept at most, one per filter asked for: the oldest goes first. */
const CAPACITY_CACHE_SIZE = 50;

export type TAnalyticsServiceOptions = {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** The job read model: the open jobs a capacity plan lays out and the predictions the lists show. */
  readonly jobStates: Pick<TJobStates, 'records' | 'phaseDurations' | 'durationOf'>;
  /** A person's own working hours (null: the workshop's): a station's capacity when its jeweler has them. */
  readonly personHours?: (userId: string) => Promise<TPersonHours | null>;
};

type TTemplate = {
  kind: 'order' | 'repair';
  productTypeId: string | null;
  phases: TWorkflowPhase[];
  repairTypeSteps: { repairType: string; before: string; phase: TWorkflowPhase }[];
};

/**
 * A filter refused. Unlike the shared fieldError, the message carries no field name: the screens show it as it
 * is above the figures ("The start of the range must not be after its end").
 */
function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: { issues: [{ field, message }] } });
}

/** Days already turned into instants, by zone and day: a capacity plan asks for the same few hundred days. */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 10_000;

/** Midnight at the start of a calendar day in the workshop's zone. */
function dayStart(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    // Noon UTC of the day lies within that day in every zone from UTC−12 to UTC+12.
    start = startOfWorkshopDay(new Date(`${day}T12:00:00Z`), timeZone).getTime();
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/** The end of a promised day: when a job promised for it becomes late. */
function dueAtOf(promisedDate: string | null, timeZone: string): Date | null {
  return promisedDate === null ? null : dayStart(addDays(promisedDate, 1), timeZone);
}

/** Hours a week the workshop (or a person) works: open days × daily hours. */
function weeklyHours(hours: { openDays: readonly number[]; opensAt: string; closesAt: string }): number {
  return (hours.openDays.length * (minutesOf(hours.closesAt) - minutesOf(hours.opensAt))) / 60;
}

export function createAnalyticsService(options: TAnalyticsServiceOptions) {
  const { db, clock } = options;
  const repo = createAnalyticsRepository(db);

  function assertMayView(actor: TActor): void {
    if (!canViewAnalytics(actor)) throw forbidden();
  }

  /** The filters with the range resolved in the workshop's zone. */
  function resolve(
    filter: TAnalyticsFilter,
    calendar: TWorkingCalendar,
  ): { resolved: TResolvedAnalyticsFilter; scope: TScope } {
    const today = calendarDayOf(clock(), calendar.timeZone);
    const to = filter.to ?? today;
    const from = filter.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
    if (from > to) throw invalid('from', 'The start of the range must not be after its end');
    if (daysBetween(from, to) >= ANALYTICS_MAX_DAYS) {
      throw invalid('from', `Choose a range of at most ${ANALYTICS_MAX_DAYS} days`);
    }
    const resolved: TResolvedAnalyticsFilter = {
      from,
      to,
      locationId: filter.locationId ?? null,
      departmentId: filter.departmentId ?? null,
      productTypeId: filter.productTypeId ?? null,
      salespersonId: filter.salespersonId ?? null,
      kind: filter.kind,
    };
    return { resolved, scope: scopeOf(resolved, calendar.timeZone) };
  }

  function scopeOf(resolved: TResolvedAnalyticsFilter, timeZone: string): TScope {
    return {
      fromAt: dayStart(resolved.from, timeZone),
      toAt: dayStart(addDays(resolved.to, 1), timeZone),
      fromDay: resolved.from,
      toDay: resolved.to,
      timeZone,
      kind: resolved.kind === 'all' ? null : resolved.kind,
      locationId: resolved.locationId,
      departmentId: resolved.departmentId,
      productTypeId: resolved.productTypeId,
      salespersonId: resolved.salespersonId,
    };
  }

  async function templates(): Promise<TTemplate[]> {
    const rows = await repo.templates();
    return rows.map((row) => {
      const parsed = ZWorkflowTemplateSchema.pick({ phases: true, repairTypeSteps: true }).parse({
        phases: row.phases,
        repairTypeSteps: row.repairTypeSteps,
      });
      return {
        kind: row.kind === 'repair' ? 'repair' : 'order',
        productTypeId: row.productTypeId,
        ...parsed,
      };
    });
  }

  /** Phase names in workflow order (defaults first), the first name a key was given. */
  function phaseNames(all: readonly TTemplate[]): Map<string, string> {
    const names = new Map<string, string>();
    for (const template of all) {
      for (const phase of template.phases) if (!names.has(phase.key)) names.set(phase.key, phase.name);
      for (const step of template.repairTypeSteps)
        if (!names.has(step.phase.key)) names.set(step.phase.key, step.phase.name);
    }
    return names;
  }

  const phaseDurations = () => options.jobStates.phaseDurations();
  const durationOf = options.jobStates.durationOf;

  /** Station figures from duration buckets: average and p90 hours, total hours. */
  function stationFigures(rows: Awaited<ReturnType<typeof repo.stationBuckets>>) {
    const byStation = new Map<
      string,
      { visits: number; minutes: number; buckets: { bucket: number; count: number }[] }
    >();
    for (const row of rows) {
      const entry = byStation.get(row.stationId) ?? { visits: 0, minutes: 0, buckets: [] };
      entry.visits += row.visits;
      entry.minutes += row.minutes;
      entry.buckets.push({ bucket: row.bucket, count: row.visits });
      byStation.set(row.stationId, entry);
    }
    const figures = new Map<
      string,
      {
        visits: number;
        totalHours: number;
        average: number | null;
        median: number | null;
        p90: number | null;
      }
    >();
    for (const [stationId, entry] of byStation) {
      const p = (q: number) => {
        const minutes = percentileFromBuckets(entry.buckets, q);
        return minutes === null ? null : round(minutes / 60);
      };
      figures.set(stationId, {
        visits: entry.visits,
        totalHours: entry.minutes / 60,
        average: entry.visits === 0 ? null : round(entry.minutes / entry.visits / 60),
        median: p(0.5),
        p90: p(0.9),
      });
    }
    return figures;
  }

  /**
   * The prediction made at a job's first read, per kind and product type: its template's phases at their
   * medians. Product types without a template of their own follow their kind's default.
   */
  function expectedHours(
    all: readonly TTemplate[],
    durations: TPhaseDurations,
    productTypeIds: Iterable<string>,
  ) {
    const expected = all.map((template) => ({
      kind: template.kind,
      productTypeId: template.productTypeId,
      hours: phasesFor(template).reduce(
        (sum, phase) => sum + durationOf(durations, template.kind, phase).p50,
        0,
      ),
    }));
    const fallback = expected.find((entry) => entry.productTypeId === null && entry.kind === 'order');
    for (const productTypeId of productTypeIds) {
      if (expected.some((entry) => entry.kind === 'order' && entry.productTypeId === productTypeId)) continue;
      if (fallback) expected.push({ ...fallback, productTypeId });
    }
    return expected;
  }

  /**
   * Work in progress at each instant by phase: the visits that have ended (history), and every open job of the
   * job read model in its current phase since it arrived where it is (or was made, before any read), so that
   * at "now" the chart counts exactly the jobs the board shows.
   */
  async function workInProgress(scope: TScope, instants: readonly Date[]) {
    const [ended, records] = await Promise.all([
      repo.workInProgress(scope, instants),
      options.jobStates.records({ kinds: scope.kind === null ? ['order', 'repair'] : [scope.kind] }),
    ]);
    const sameId = (a: string | null, b: string | null) => b === null || a?.toLowerCase() === b.toLowerCase();
    const open = records.filter(
      ({ row }) =>
        sameId(row.locationId, scope.locationId) &&
        sameId(row.departmentId, scope.departmentId) &&
        sameId(row.productTypeId, scope.productTypeId) &&
        sameId(row.salespersonId, scope.salespersonId),
    );
    const counted = new Map<string, { idx: number; phase: string; jobs: number }>();
    instants.forEach((instant, index) => {
      for (const { card, row } of open) {
        if ((row.arrivedAt ?? row.createdAt).getTime() > instant.getTime()) continue;
        const key = `${index + 1}:${card.workflow.phaseKey}`;
        const entry = counted.get(key) ?? { idx: index + 1, phase: card.workflow.phaseKey, jobs: 0 };
        entry.jobs += 1;
        counted.set(key, entry);
      }
    });
    return [...ended, ...counted.values()];
  }

  async function workflow(actor: TActor, filter: TAnalyticsFilter): Promise<TWorkflowAnalytics> {
    assertMayView(actor);
    const calendar = await options.calendar();
    const { resolved, scope } = resolve(filter, calendar);
    const now = clock();
    const weeks = weeksBetween(resolved.from, resolved.to);
    // WIP at the end of each week (or now, for the week not over yet).
    const instants = weeks.map((week) => {
      const end = dayStart(addDays(week, 7), calendar.timeZone);
      return end.getTime() > now.getTime() ? now : end;
    });
    const workflows = Promise.all([templates(), phaseDurations(), repo.names()]);
    // The prediction error needs the workflows' durations only: read alongside the figures, not after them.
    const predictionError = workflows.then(([all, durations, names2]) =>
      repo.predictionError(scope, expectedHours(all, durations, names2.productTypes.keys())),
    );
    const [throughput, wipRows, phaseRows, bucketRows, stations, [all], error] = await Promise.all([
      repo.throughput(scope),
      workInProgress(scope, instants),
      repo.phaseTimes(scope),
      repo.stationBuckets(scope),
      repo.stations(),
      workflows,
      predictionError,
    ]);
    const names = phaseNames(all);
    const nameOf = (key: string) => (key === '' ? 'No phase' : (names.get(key) ?? key));

    const byWeek = new Map(throughput.map((row) => [row.week, row]));
    const wipKeys = new Set(wipRows.map((row) => row.phase));
    const wipPhases = [...names.keys(), '']
      .filter((key) => wipKeys.has(key))
      .map((key) => ({ key, name: nameOf(key) }));
    const wip = weeks.map((weekStart, index) => {
      const counts: Record<string, number> = {};
      for (const phase of wipPhases) counts[phase.key] = 0;
      for (const row of wipRows) {
        if (row.idx !== index + 1) continue;
        counts[row.phase] = (counts[row.phase] ?? 0) + row.jobs;
      }
      return { weekStart, counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
    });

    const order = [...names.keys()];
    const phaseTimes = phaseRows
      .map((row) => ({
        phaseKey: row.phase,
        phaseName: nameOf(row.phase),
        hours: {
          count: row.jobs,
          average: round(row.average),
          median: round(row.median),
          p90: round(row.p90),
        },
      }))
      .sort((a, b) => order.indexOf(a.phaseKey) - order.indexOf(b.phaseKey));

    const figures = stationFigures(bucketRows);
    const stationById = new Map(stations.map((station) => [station.id, station]));
    const stationTimes = stations.flatMap((station) => {
      const figure = figures.get(station.id);
      if (!figure) return [];
      return [
        {
          stationId: station.id,
          stationName: station.name,
          departmentId: station.departmentId,
          departmentName: station.departmentName,
          hours: { count: figure.visits, average: figure.average, median: figure.median, p90: figure.p90 },
        },
      ];
    });
    const totalHours = [...figures.values()].reduce((sum, figure) => sum + figure.totalHours, 0);
    const bottlenecks = [...figures.entries()]
      .flatMap(([stationId, figure]) => {
        const station = stationById.get(stationId);
        return station ? [{ station, figure }] : [];
      })
      .sort((a, b) => b.figure.totalHours - a.figure.totalHours)
      .slice(0, 20)
      .map(({ station, figure }, index) => ({
        rank: index + 1,
        stationId: station.id,
        stationName: station.name,
        departmentName: station.departmentName,
        totalHours: round(figure.totalHours, 1),
        share: totalHours === 0 ? 0 : round(figure.totalHours / totalHours, 4),
        averageHours: figure.average,
        p90Hours: figure.p90,
        waitingNow: station.waitingNow,
      }));

    return {
      filter: resolved,
      generatedAt: now.toISOString(),
      throughput: weeks.map((weekStart) => ({
        weekStart,
        started: byWeek.get(weekStart)?.started ?? 0,
        delivered: byWeek.get(weekStart)?.delivered ?? 0,
      })),
      wipPhases,
      wip,
      phaseTimes,
      stationTimes,
      bottlenecks,
      predictionAccuracy: {
        jobs: error.jobs,
        meanAbsoluteErrorDays: error.mae === null ? null : round(error.mae),
      },
    };
  }

  async function onTime(actor: TActor, filter: TAnalyticsFilter): Promise<TOnTimeAnalytics> {
    assertMayView(actor);
    const calendar = await options.calendar();
    const { resolved, scope } = resolve(filter, calendar);
    const [groups, late, names] = await Promise.all([
      repo.onTimeGroups(scope),
      repo.lateJobs(scope, LIST_LIMIT),
      repo.names(),
    ]);
    const group = (row: (typeof groups)[number], id: string | null, name: string): TOnTimeGroup => ({
      id,
      name,
      delivered: row.delivered,
      onTime: row.onTime,
      late: row.delivered - row.onTime,
      onTimeRate: rate(row.onTime, row.delivered),
    });
    // grouping() bits, highest first: month, product type, salesperson, location, late.
    const only = (bit: number) => groups.filter((row) => row.g === 31 - bit);
    const total = groups.find((row) => row.g === 31);
    const byName = (a: TOnTimeGroup, b: TOnTimeGroup) =>
      b.delivered - a.delivered || a.name.localeCompare(b.name);
    return {
      filter: resolved,
      generatedAt: clock().toISOString(),
      summary: {
        delivered: total?.delivered ?? 0,
        onTime: total?.onTime ?? 0,
        late: (total?.delivered ?? 0) - (total?.onTime ?? 0),
        onTimeRate: rate(total?.onTime ?? 0, total?.delivered ?? 0),
        averageDaysLate: total?.avgLate == null ? null : round(total.avgLate),
      },
      byMonth: only(16)
        .map((row) => ({ month: row.month ?? '', ...group(row, null, '') }))
        .map(({ id: _id, name: _name, ...rest }) => rest)
        .sort((a, b) => a.month.localeCompare(b.month)),
      byProductType: only(8)
        .map((row) =>
          group(
            row,
            row.productTypeId,
            row.productTypeId === null
              ? 'No product type'
              : row.productTypeId === REPAIRS_GROUP
                ? 'Repairs'
                : (names.productTypes.get(row.productTypeId) ?? 'Unknown'),
          ),
        )
        .sort(byName),
      bySalesperson: only(4)
        .map((row) =>
          group(
            row,
            row.salespersonId,
            row.salespersonId === null
              ? 'No salesperson'
              : (names.people.get(row.salespersonId) ?? 'Unknown'),
          ),
        )
        .sort(byName),
      byLocation: only(2)
        .map((row) =>
          group(
            row,
            row.locationId,
            row.locationId === null ? 'Never read' : (names.locations.get(row.locationId) ?? row.locationId),
          ),
        )
        .sort(byName),
      distribution: only(1)
        .map((row) => ({ daysLate: row.late ?? 0, jobs: row.delivered }))
        .sort((a, b) => a.daysLate - b.daysLate),
      lateJobs: late.map((job) => ({
        ...job,
        number: job.number ?? job.id,
        deliveredAt: new Date(job.deliveredAt).toISOString(),
      })),
    };
  }

  async function productTypes(actor: TActor, filter: TAnalyticsFilter): Promise<TProductTypeAnalytics> {
    assertMayView(actor);
    const calendar = await options.calendar();
    const { resolved, scope } = resolve(filter, calendar);
    // The station table alongside the groups, not after them: each reads a year of jobs or visits.
    const namesRead = repo.names();
    const [rows, names, stationRows] = await Promise.all([
      repo.productTypeGroups(scope),
      namesRead,
      namesRead.then((read) => productTypeStations(scope, read.productTypes)),
    ]);
    const toRow = (row: (typeof rows)[number], withMetal: boolean): TProductTypeRow => ({
      productTypeId: row.productTypeId,
      productTypeName:
        row.kind === 'repair'
          ? 'Repairs'
          : row.productTypeId === null
            ? 'No product type'
            : (names.productTypes.get(row.productTypeId) ?? 'Unknown'),
      metalTypeId: withMetal ? row.metalTypeId : null,
      metalTypeName:
        withMetal && row.metalTypeId !== null ? (names.metals.get(row.metalTypeId) ?? 'Unknown') : null,
      kind: row.kind,
      delivered: row.delivered,
      cycleDays: {
        count: row.timed,
        average: row.average === null ? null : round(row.average),
        median: row.median === null ? null : round(row.median),
        p90: row.p90 === null ? null : round(row.p90),
      },
      reworkRate: rate(row.reworked, row.delivered),
      onTimeRate: rate(row.onTime, row.promised),
    });
    const sort = (a: TProductTypeRow, b: TProductTypeRow) =>
      b.delivered - a.delivered ||
      a.productTypeName.localeCompare(b.productTypeName) ||
      (a.metalTypeName ?? '').localeCompare(b.metalTypeName ?? '');
    return {
      filter: resolved,
      generatedAt: clock().toISOString(),
      byProductType: rows
        .filter((row) => row.byType === 1)
        .map((row) => toRow(row, false))
        .sort(sort),
      byProductTypeAndMetal: rows
        .filter((row) => row.byType === 0)
        .map((row) => toRow(row, true))
        .sort(sort),
      byProductTypeAndStation: stationRows,
    };
  }

  /** Dwell and rework per product type and station (issue 13 §2 /product-type-performance). */
  async function productTypeStations(
    scope: TScope,
    productTypeNames: ReadonlyMap<string, string>,
  ): Promise<TProductTypeStationRow[]> {
    const [rows, stations] = await Promise.all([repo.productTypeStations(scope), repo.stations()]);
    const stationOrder = new Map(stations.map((station, index) => [station.id, { station, index }]));
    const hours = (minutes: number) => round(minutes / 60);
    return rows
      .map((row) => {
        const station = stationOrder.get(row.stationId)?.station;
        return {
          productTypeId: row.productTypeId,
          productTypeName:
            row.kind === 'repair'
              ? 'Repairs'
              : row.productTypeId === null
                ? 'No product type'
                : (productTypeNames.get(row.productTypeId) ?? 'Unknown'),
          kind: row.kind,
          stationId: row.stationId,
          stationName: station?.name ?? 'Unknown',
          departmentName: station?.departmentName ?? 'Unknown',
          dwellHours: {
            count: row.visits,
            average: hours(row.average),
            median: hours(row.median),
            p90: hours(row.p90),
          },
          reworkRate: rate(row.rework, row.visits),
        };
      })
      .sort(
        (a, b) =>
          a.productTypeName.localeCompare(b.productTypeName) ||
          a.kind.localeCompare(b.kind) ||
          (stationOrder.get(a.stationId)?.index ?? stations.length) -
            (stationOrder.get(b.stationId)?.index ?? stations.length),
      );
  }

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

  async function sideFigures(scope: TScope): Promise<Record<TComparisonFigureKey, number | null>> {
    const [jobs, buckets] = await Promise.all([repo.jobFigures(scope), repo.stationBuckets(scope)]);
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

  async function comparison(
    actor: TActor,
    query: TAnalyticsFilter & {
      compareFrom?: string | undefined;
      compareTo?: string | undefined;
      compareLocationId?: string | undefined;
    },
  ): Promise<TComparisonAnalytics> {
    assertMayView(actor);
    const calendar = await options.calendar();
    const { resolved, scope } = resolve(query, calendar);
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
    const other = resolve(
      { ...query, from: range.from, to: range.to, locationId: query.compareLocationId ?? query.locationId },
      calendar,
    );
    const [a, b, names] = await Promise.all([sideFigures(scope), sideFigures(other.scope), repo.names()]);
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
  }

  type TCapacityQuery = TAnalyticsFilter & {
    weeks: number;
    rushKind?: 'order' | 'repair' | undefined;
    rushProductTypeId?: string | undefined;
    rushPromisedDate?: string | undefined;
  };

  /** Capacity plans by filter, each with when it was made (no invalidation: they expire after CAPACITY_TTL_MS). */
  const capacityCache = new Map<string, { at: number; plan: Promise<TCapacityAnalytics> }>();

  async function capacity(actor: TActor, query: TCapacityQuery): Promise<TCapacityAnalytics> {
    assertMayView(actor);
    const now = clock().getTime();
    const key = JSON.stringify([
      query.kind,
      query.from ?? null,
      query.to ?? null,
      query.locationId ?? null,
      query.departmentId ?? null,
      query.productTypeId ?? null,
      query.salespersonId ?? null,
      query.weeks,
      query.rushKind ?? null,
      query.rushProductTypeId ?? null,
      query.rushPromisedDate ?? null,
    ]);
    const cached = capacityCache.get(key);
    if (cached !== undefined && now >= cached.at && now - cached.at < CAPACITY_TTL_MS) return cached.plan;
    const plan = planCapacity(query);
    capacityCache.delete(key);
    capacityCache.set(key, { at: now, plan });
    // A plan that failed is not kept: the next request tries again.
    plan.catch(() => {
      if (capacityCache.get(key)?.plan === plan) capacityCache.delete(key);
    });
    for (const [oldest] of capacityCache) {
      if (capacityCache.size <= CAPACITY_CACHE_SIZE) break;
      capacityCache.delete(oldest);
    }
    return plan;
  }

  async function planCapacity(query: TCapacityQuery): Promise<TCapacityAnalytics> {
    const calendar = await options.calendar();
    const { resolved } = resolve(query, calendar);
    const now = clock();
    const today = calendarDayOf(now, calendar.timeZone);
    const weeks = comingWeeks(today, query.weeks);
    const [records, stations, all, durations] = await Promise.all([
      options.jobStates.records({ kinds: resolved.kind === 'all' ? ['order', 'repair'] : [resolved.kind] }),
      repo.stations(),
      templates(),
      phaseDurations(),
    ]);
    // The open jobs of the read model, as every screen counts them; a product type narrows them to its orders.
    const jobs = records.filter(
      (record) => resolved.productTypeId === null || record.row.productTypeId === resolved.productTypeId,
    );
    const inScope = stations.filter(
      (station) =>
        station.isActive &&
        (resolved.locationId === null || station.locationId === resolved.locationId) &&
        (resolved.departmentId === null || station.departmentId === resolved.departmentId),
    );
    const activeByDepartment = new Map<string, string[]>();
    for (const station of stations.filter((s) => s.isActive)) {
      activeByDepartment.set(station.departmentId, [
        ...(activeByDepartment.get(station.departmentId) ?? []),
        station.id,
      ]);
    }
    const departmentOf = new Map(stations.map((station) => [station.id, station.departmentId]));
    /** A phase's hours spread evenly over the active stations of its departments. */
    const stepsOf = (kind: string, phases: readonly TWorkflowPhase[], skipHours = 0): TPlannedStep[] =>
      phases.flatMap((phase, index) => {
        const stationIds = phase.departmentIds.flatMap((id) => activeByDepartment.get(id) ?? []);
        const hours = Math.max(0, durationOf(durations, kind, phase).p50 - (index === 0 ? skipHours : 0));
        return stationIds.map((stationId) => ({
          stationId,
          departmentId: departmentOf.get(stationId) ?? '',
          hours: hours / stationIds.length,
        }));
      });
    const planned = jobs.flatMap(({ card, remaining, phaseStartedAt }) => {
      const { prediction } = card;
      if (prediction === null) return [];
      const job = card;
      const elapsed = Math.max(0, (now.getTime() - phaseStartedAt.getTime()) / HOUR_MS);
      return {
        job,
        prediction,
        plan: {
          id: `${job.kind}:${job.id}`,
          dueAt: dueAtOf(job.promisedDate, calendar.timeZone),
          steps: stepsOf(job.kind, remaining, elapsed),
        },
      };
    });
    planned.sort(
      (a, b) =>
        (a.plan.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) -
        (b.plan.dueAt?.getTime() ?? Number.POSITIVE_INFINITY),
    );
    const load = weeklyLoad(
      planned.map((p) => p.plan),
      now,
      weeks,
    );

    // Capacity: the workshop's weekly hours per station, or its jeweler's own when a user by that name has them.
    const workshopWeek = weeklyHours(calendar);
    const people = (await repo.names()).people;
    const capacityOf = new Map<string, { hours: number; source: 'person-hours' | 'workshop-hours' }>();
    for (const station of inScope) {
      let entry: { hours: number; source: 'person-hours' | 'workshop-hours' } = {
        hours: workshopWeek,
        source: 'workshop-hours',
      };
      const jeweler = station.jewelerName?.trim().toLowerCase();
      if (jeweler && options.personHours) {
        const userId = [...people.entries()].find(([, name]) => name.trim().toLowerCase() === jeweler)?.[0];
        const hours = userId === undefined ? null : await options.personHours(userId);
        if (hours) entry = { hours: weeklyHours(hours), source: 'person-hours' };
      }
      capacityOf.set(station.id, entry);
    }
    const closedHours = (week: string) => {
      const perDay = (minutesOf(calendar.closesAt) - minutesOf(calendar.opensAt)) / 60;
      return (
        calendar.closedDates
          .filter((d) => d >= week && d < addDays(week, 7))
          .filter((d) => calendar.openDays.includes(new Date(`${d}T00:00:00Z`).getUTCDay())).length * perDay
      );
    };
    const weekOf = (stationIds: readonly string[], week: string) => {
      const loadHours = stationIds.reduce((sum, id) => sum + (load.get(id)?.get(week) ?? 0), 0);
      const capacityHours = stationIds.reduce(
        (sum, id) => sum + Math.max(0, (capacityOf.get(id)?.hours ?? 0) - closedHours(week)),
        0,
      );
      return {
        weekStart: week,
        loadHours: round(loadHours, 1),
        capacityHours: round(capacityHours, 1),
        utilization: capacityHours === 0 ? null : round(loadHours / capacityHours, 3),
      };
    };
    const departments = new Map<string, { name: string; stationIds: string[] }>();
    for (const station of inScope) {
      const entry = departments.get(station.departmentId) ?? { name: station.departmentName, stationIds: [] };
      entry.stationIds.push(station.id);
      departments.set(station.departmentId, entry);
    }

    let whatIf: TCapacityAnalytics['whatIf'] = null;
    if (query.rushKind !== undefined) {
      const template = templateFor(all, query.rushKind, query.rushProductTypeId ?? null);
      const rushPhases = template ? phasesFor(template) : [];
      const rushSteps = stepsOf(query.rushKind, rushPhases);
      const rushHours = rushPhases.reduce(
        (sum, phase) => sum + durationOf(durations, query.rushKind as string, phase).p50,
        0,
      );
      const after = delayByRushJob({
        rushSteps,
        jobs: planned.map((p) => ({
          id: p.plan.id,
          predicted: new Date(p.prediction.likely),
          steps: p.plan.steps,
        })),
        weeklyCapacityHours: (stationId) => capacityOf.get(stationId)?.hours ?? workshopWeek,
      });
      const pushedLate = planned.flatMap((p) => {
        const predictedAfter = after.get(p.plan.id);
        const due = p.plan.dueAt;
        if (due === null || predictedAfter === undefined || p.job.promisedDate === null) return [];
        const before = new Date(p.prediction.likely);
        if (before.getTime() > due.getTime() || predictedAfter.getTime() <= due.getTime()) return [];
        return [
          {
            kind: p.job.kind,
            id: p.job.id,
            number: p.job.number,
            promisedDate: p.job.promisedDate,
            predictedBefore: before.toISOString(),
            predictedAfter: predictedAfter.toISOString(),
          },
        ];
      });
      whatIf = {
        rushPredictedCompletion: new Date(now.getTime() + rushHours * HOUR_MS).toISOString(),
        pushedLate: pushedLate.slice(0, LIST_LIMIT),
      };
    }

    return {
      filter: resolved,
      generatedAt: now.toISOString(),
      weeks,
      departments: [...departments.entries()].map(([departmentId, entry]) => ({
        departmentId,
        departmentName: entry.name,
        weeks: weeks.map((week) => weekOf(entry.stationIds, week)),
      })),
      stations: inScope.map((station) => ({
        stationId: station.id,
        stationName: station.name,
        departmentId: station.departmentId,
        departmentName: station.departmentName,
        capacitySource: capacityOf.get(station.id)?.source ?? 'workshop-hours',
        weeks: weeks.map((week) => weekOf([station.id], week)),
      })),
      assumptions: {
        workshopHoursPerWeek: round(workshopWeek, 1),
        openJobs: jobs.length,
        note:
          'Load: each open job’s remaining phases at their median duration over recent deliveries (the phase target without history), ' +
          'spread over the active stations of the phase’s departments and laid end to end from now. Capacity: one person per station ' +
          'working the workshop’s hours (Settings › general), or the hours of the user named as the station’s jeweler.',
      },
      whatIf,
    };
  }

  async function rootCause(
    actor: TActor,
    query: TAnalyticsFilter & {
      causeKind?: TRootCauseKind | undefined;
      causeId?: string | undefined;
      level: 'phase' | 'station';
    },
  ): Promise<TRootCauseAnalytics> {
    assertMayView(actor);
    const calendar = await options.calendar();
    const { resolved, scope } = resolve(query, calendar);
    const kinds = query.level === 'phase' ? ['phase'] : ['station', 'offsite'];
    // The late jobs' details alongside their causes: the same latest ROOT_CAUSE_JOBS, listed below once their
    // causes are known.
    const [found, stations, all, lateJobCount, lateDetails] = await Promise.all([
      repo.lateJobCauses(scope, kinds, { late: ROOT_CAUSE_JOBS, median: MEDIAN_JOBS }),
      repo.stations(),
      templates(),
      repo.lateJobCount(scope),
      repo.lateJobs(scope, ROOT_CAUSE_JOBS, { latestFirst: true }),
    ]);
    const phaseName = phaseNames(all);
    const stationName = new Map(stations.map((s) => [s.id, `${s.departmentName} › ${s.name}`]));
    const nameOf = (kind: string, key: string) =>
      kind === 'phase'
        ? (phaseName.get(key) ?? key)
        : kind === 'offsite'
          ? `Offsite from ${stationName.get(key) ?? key}`
          : (stationName.get(key) ?? key);
    // The database has picked each late job's step furthest over its median; mainCause states the rule.
    const attributed = found.map((row) => ({
      job: { kind: row.kind, id: row.id },
      cause: mainCause([
        {
          kind: row.stepKind as TRootCauseKind,
          id: row.stepKey,
          name: nameOf(row.stepKind, row.stepKey),
          hours: row.hours,
          medianHours: row.median,
        },
      ]),
    }));
    const causes = rankCauses(attributed.map((entry) => entry.cause));
    const picked = attributed.filter(
      (entry) =>
        entry.cause !== null &&
        (query.causeKind === undefined || entry.cause.kind === query.causeKind) &&
        (query.causeId === undefined || entry.cause.id === query.causeId),
    );
    const causeOf = new Map(picked.map((entry) => [`${entry.job.kind}:${entry.job.id}`, entry.cause]));
    // The most late first, as the on-time list.
    const details = lateDetails
      .filter((job) => causeOf.has(`${job.kind}:${job.id}`))
      .sort((a, b) => b.daysLate - a.daysLate || b.deliveredAt - a.deliveredAt)
      .slice(0, LIST_LIMIT);
    return {
      filter: resolved,
      generatedAt: clock().toISOString(),
      lateJobs: lateJobCount,
      causes,
      jobs: details.flatMap((job) => {
        const cause = causeOf.get(`${job.kind}:${job.id}`);
        if (!cause) return [];
        return [
          {
            kind: job.kind,
            id: job.id,
            number: job.number ?? job.id,
            promisedDate: job.promisedDate,
            deliveredAt: new Date(job.deliveredAt).toISOString(),
            daysLate: job.daysLate,
            cause: { kind: cause.kind, id: cause.id, name: cause.name },
            hours: round(cause.hours),
            medianHours: round(cause.medianHours),
            excessHours: round(cause.excessHours),
          },
        ];
      }),
    };
  }

  /**
   * Predicted completion of open jobs, by id: for whoever may see the jobs (the lists show it), so orders for
   * every signed-in user and repairs for those who may see repairs.
   */
  async function predictions(
    actor: TActor,
    query: { kind?: 'order' | 'repair' | undefined; ids?: readonly string[] | undefined },
  ): Promise<TPredictions> {
    if (query.kind !== undefined) {
      if (!canViewPredictions(actor, query.kind)) throw forbidden();
      return predictionsFor(query);
    }
    if (!canViewPredictions(actor, 'order')) throw forbidden();
    return predictionsFor(canViewPredictions(actor, 'repair') ? query : { ...query, kind: 'order' });
  }

  /** The same without the screen's access check: order and repair pages show their own job's prediction. */
  async function predictionsFor(query: {
    kind?: 'order' | 'repair' | undefined;
    ids?: readonly string[] | undefined;
  }): Promise<TPredictions> {
    const now = clock();
    const records = await options.jobStates.records({
      kinds: query.kind === undefined ? ['order', 'repair'] : [query.kind],
      ids: query.ids,
    });
    const result: TPredictions['predictions'] = {};
    for (const { card } of records) {
      if (card.prediction === null) continue;
      result[card.id] = { ...card.prediction, kind: card.kind, number: card.number };
    }
    return { generatedAt: now.toISOString(), predictions: result };
  }

  return {
    workflow,
    onTime,
    productTypes,
    comparison,
    capacity,
    rootCause,
    predictions,
    predictionsFor,
  };
}

export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;
