import type { TCapacityAnalytics } from '@loupe/domain/analytics/analytics-api';
import { delayByRushJob, type TPlannedStep } from '@loupe/domain/analytics/capacity';
import { addDays, round } from '@loupe/domain/analytics/statistics';
import type { TWorkflowPhase } from '@loupe/domain/workflow/workflow-template';
import { minutesOf, type TPersonHours, type TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { TJobRecord, TPhaseDurations } from '../jobs/job-states.ts';
import { LIST_LIMIT, type TAnalyticsContext } from './context.ts';
import type { TAnalyticsReferenceRepository } from './reference-repository.ts';
import { dueAtOf } from './workshop-days.ts';

// The steps of a capacity plan: each open job's remaining phases laid on stations, the stations' weekly hours,
// and what a rush job would push late.

const HOUR_MS = 3_600_000;

type TStation = Awaited<ReturnType<TAnalyticsReferenceRepository['stations']>>[number];
type TDurationOf = TAnalyticsContext['jobStates']['durationOf'];
type TStationCapacity = { hours: number; source: 'person-hours' | 'workshop-hours' };
export type TJobPlan = ReturnType<typeof planJobs>[number];

/** Hours a week the workshop (or a person) works: open days × daily hours. */
export function weeklyHours(hours: {
  openDays: readonly number[];
  opensAt: string;
  closesAt: string;
}): number {
  return (hours.openDays.length * (minutesOf(hours.closesAt) - minutesOf(hours.opensAt))) / 60;
}

/** A phase's hours spread evenly over the active stations of its departments. */
export function stepsOnStations(
  stations: readonly TStation[],
  durations: TPhaseDurations,
  durationOf: TDurationOf,
) {
  const activeByDepartment = new Map<string, string[]>();
  for (const station of stations.filter((s) => s.isActive)) {
    activeByDepartment.set(station.departmentId, [
      ...(activeByDepartment.get(station.departmentId) ?? []),
      station.id,
    ]);
  }
  const departmentOf = new Map(stations.map((station) => [station.id, station.departmentId]));
  return (kind: string, phases: readonly TWorkflowPhase[], skipHours = 0): TPlannedStep[] =>
    phases.flatMap((phase, index) => {
      const stationIds = phase.departmentIds.flatMap((id) => activeByDepartment.get(id) ?? []);
      const hours = Math.max(0, durationOf(durations, kind, phase).p50 - (index === 0 ? skipHours : 0));
      return stationIds.map((stationId) => ({
        stationId,
        departmentId: departmentOf.get(stationId) ?? '',
        hours: hours / stationIds.length,
      }));
    });
}

/** The open jobs with a prediction, each with its remaining steps (less the time already spent), earliest due first. */
export function planJobs(
  jobs: readonly TJobRecord[],
  stepsOf: ReturnType<typeof stepsOnStations>,
  now: Date,
  timeZone: string,
) {
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
        dueAt: dueAtOf(job.promisedDate, timeZone),
        steps: stepsOf(job.kind, remaining, elapsed),
      },
    };
  });
  planned.sort(
    (a, b) =>
      (a.plan.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) -
      (b.plan.dueAt?.getTime() ?? Number.POSITIVE_INFINITY),
  );
  return planned;
}

/** Capacity: the workshop's weekly hours per station, or its jeweler's own when a user by that name has them. */
export async function stationCapacities(input: {
  readonly stations: readonly TStation[];
  readonly people: ReadonlyMap<string, string>;
  readonly workshopWeek: number;
  readonly personHours: ((userId: string) => Promise<TPersonHours | null>) | undefined;
}): Promise<Map<string, TStationCapacity>> {
  const { people, workshopWeek, personHours } = input;
  const capacityOf = new Map<string, TStationCapacity>();
  for (const station of input.stations) {
    let entry: TStationCapacity = {
      hours: workshopWeek,
      source: 'workshop-hours',
    };
    const jeweler = station.jewelerName?.trim().toLowerCase();
    if (jeweler && personHours) {
      const userId = [...people.entries()].find(([, name]) => name.trim().toLowerCase() === jeweler)?.[0];
      const hours = userId === undefined ? null : await personHours(userId);
      if (hours) entry = { hours: weeklyHours(hours), source: 'person-hours' };
    }
    capacityOf.set(station.id, entry);
  }
  return capacityOf;
}

/** A week's load against capacity for a set of stations (the workshop's closed days taken off). */
export function weekFigures(
  calendar: TWorkingCalendar,
  load: ReadonlyMap<string, ReadonlyMap<string, number>>,
  capacityOf: ReadonlyMap<string, TStationCapacity>,
) {
  const closedHours = (week: string) => {
    const perDay = (minutesOf(calendar.closesAt) - minutesOf(calendar.opensAt)) / 60;
    return (
      calendar.closedDates
        .filter((d) => d >= week && d < addDays(week, 7))
        .filter((d) => calendar.openDays.includes(new Date(`${d}T00:00:00Z`).getUTCDay())).length * perDay
    );
  };
  return (stationIds: readonly string[], week: string) => {
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
}

/** What a rush job worked before everything else would do: when it is done, and the jobs it pushes late. */
export function rushWhatIf(input: {
  readonly rushSteps: TPlannedStep[];
  readonly rushHours: number;
  readonly planned: readonly TJobPlan[];
  readonly capacityOf: ReadonlyMap<string, TStationCapacity>;
  readonly workshopWeek: number;
  readonly now: Date;
}): NonNullable<TCapacityAnalytics['whatIf']> {
  const { rushSteps, rushHours, planned, capacityOf, workshopWeek, now } = input;
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
  return {
    rushPredictedCompletion: new Date(now.getTime() + rushHours * HOUR_MS).toISOString(),
    pushedLate: pushedLate.slice(0, LIST_LIMIT),
  };
}
