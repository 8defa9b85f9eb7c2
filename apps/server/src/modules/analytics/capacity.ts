import type { TAnalyticsFilter, TCapacityAnalytics } from '@loupe/domain/analytics/analytics-api';
import { comingWeeks, weeklyLoad } from '@loupe/domain/analytics/capacity';
import { calendarDayOf, round } from '@loupe/domain/analytics/statistics';
import type { TActor } from '@loupe/domain/auth/roles';
import { phasesFor, templateFor } from '@loupe/domain/workflow/workflow-template';
import {
  planJobs,
  rushWhatIf,
  stationCapacities,
  stepsOnStations,
  weekFigures,
  weeklyHours,
} from './capacity-plan.ts';
import { assertMayViewAnalytics, type TAnalyticsContext } from './context.ts';
import { createPlanCache } from './plan-cache.ts';
import { resolveFilter } from './scope.ts';
import { readTemplates } from './templates.ts';

/**
 * A capacity plan lays out every open job's remaining phases week by week: the same filters within this long
 * get the plan made first (a load forecast weeks ahead is not changed by the last minute's reads).
 */
const CAPACITY_TTL_MS = 60_000;
/** Plans kept at most, one per filter asked for: the oldest goes first. */
const CAPACITY_CACHE_SIZE = 50;

type TCapacityQuery = TAnalyticsFilter & {
  weeks: number;
  rushKind?: 'order' | 'repair' | undefined;
  rushProductTypeId?: string | undefined;
  rushPromisedDate?: string | undefined;
};

/** The capacity screen: each station's and department's load against its hours, week by week, and a rush job's what-if. */
export function createCapacityAnalytics(context: TAnalyticsContext) {
  const { clock } = context;
  /** Capacity plans by filter, each with when it was made (no invalidation: they expire after CAPACITY_TTL_MS). */
  const plans = createPlanCache<TCapacityAnalytics>({ ttlMs: CAPACITY_TTL_MS, size: CAPACITY_CACHE_SIZE });

  return async function capacity(actor: TActor, query: TCapacityQuery): Promise<TCapacityAnalytics> {
    assertMayViewAnalytics(actor);
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
    return plans.get(key, now, () => planCapacity(context, query));
  };
}

async function planCapacity(context: TAnalyticsContext, query: TCapacityQuery): Promise<TCapacityAnalytics> {
  const { clock, reference } = context;
  const durationOf = context.jobStates.durationOf;
  const calendar = await context.calendar();
  const { resolved } = resolveFilter(query, calendar, clock());
  const now = clock();
  const today = calendarDayOf(now, calendar.timeZone);
  const weeks = comingWeeks(today, query.weeks);
  const [records, stations, all, durations] = await Promise.all([
    context.jobStates.records({ kinds: resolved.kind === 'all' ? ['order', 'repair'] : [resolved.kind] }),
    reference.stations(),
    readTemplates(reference),
    context.jobStates.phaseDurations(),
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
  const stepsOf = stepsOnStations(stations, durations, durationOf);
  const planned = planJobs(jobs, stepsOf, now, calendar.timeZone);
  const load = weeklyLoad(
    planned.map((p) => p.plan),
    now,
    weeks,
  );

  const workshopWeek = weeklyHours(calendar);
  const people = (await reference.names()).people;
  const capacityOf = await stationCapacities({
    stations: inScope,
    people,
    workshopWeek,
    personHours: context.personHours,
  });
  const weekOf = weekFigures(calendar, load, capacityOf);
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
    whatIf = rushWhatIf({ rushSteps, rushHours, planned, capacityOf, workshopWeek, now });
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
