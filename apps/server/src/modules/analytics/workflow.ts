import type { TAnalyticsFilter, TWorkflowAnalytics } from '@loupe/domain/analytics/analytics-api';
import { addDays, round, weeksBetween } from '@loupe/domain/analytics/statistics';
import type { TActor } from '@loupe/domain/auth/roles';
import { phasesFor } from '@loupe/domain/workflow/workflow-template';
import type { TPhaseDurations } from '../jobs/job-states.ts';
import { assertMayViewAnalytics, type TAnalyticsContext } from './context.ts';
import { resolveFilter, type TScope } from './scope.ts';
import { phaseNames, readTemplates, type TTemplate } from './templates.ts';
import { stationTables } from './workflow-stations.ts';
import { dayStart } from './workshop-days.ts';

type TWorkInProgressRow = { idx: number; phase: string; jobs: number };
type TPhaseTimeRow = { phase: string; jobs: number; average: number; median: number; p90: number };

/** The workflow screen: throughput, work in progress by phase, phase and station times, bottlenecks. */
export function createWorkflowAnalytics(context: TAnalyticsContext) {
  const { clock, reference } = context;
  const repo = context.repositories.workflow;
  const buckets = context.repositories.stationBuckets;
  const durationOf = context.jobStates.durationOf;

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
      context.jobStates.records({ kinds: scope.kind === null ? ['order', 'repair'] : [scope.kind] }),
    ]);
    const sameId = (a: string | null, b: string | null) => b === null || a?.toLowerCase() === b.toLowerCase();
    const open = records.filter(
      ({ row }) =>
        sameId(row.locationId, scope.locationId) &&
        sameId(row.departmentId, scope.departmentId) &&
        sameId(row.productTypeId, scope.productTypeId) &&
        sameId(row.salespersonId, scope.salespersonId),
    );
    const counted = new Map<string, TWorkInProgressRow>();
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

  return async function workflow(actor: TActor, filter: TAnalyticsFilter): Promise<TWorkflowAnalytics> {
    assertMayViewAnalytics(actor);
    const calendar = await context.calendar();
    const { resolved, scope } = resolveFilter(filter, calendar, clock());
    const now = clock();
    const weeks = weeksBetween(resolved.from, resolved.to);
    // WIP at the end of each week (or now, for the week not over yet).
    const instants = weeks.map((week) => {
      const end = dayStart(addDays(week, 7), calendar.timeZone);
      return end.getTime() > now.getTime() ? now : end;
    });
    const workflows = Promise.all([
      readTemplates(reference),
      context.jobStates.phaseDurations(),
      reference.names(),
    ]);
    // The prediction error needs the workflows' durations only: read alongside the figures, not after them.
    const predictionError = workflows.then(([all, durations, names2]) =>
      repo.predictionError(scope, expectedHours(all, durations, names2.productTypes.keys())),
    );
    const [throughput, wipRows, phaseRows, bucketRows, stations, [all], error, labourRows] =
      await Promise.all([
        repo.throughput(scope),
        workInProgress(scope, instants),
        repo.phaseTimes(scope),
        buckets.stationBuckets(scope),
        reference.stations(),
        workflows,
        predictionError,
        repo.labourByPhase(scope, now),
      ]);
    const names = phaseNames(all);
    const nameOf = (key: string) => (key === '' ? 'No phase' : (names.get(key) ?? key));
    const byWeek = new Map(throughput.map((row) => [row.week, row]));
    return {
      filter: resolved,
      generatedAt: now.toISOString(),
      throughput: weeks.map((weekStart) => ({
        weekStart,
        started: byWeek.get(weekStart)?.started ?? 0,
        delivered: byWeek.get(weekStart)?.delivered ?? 0,
      })),
      ...workInProgressByWeek(weeks, wipRows, [...names.keys()], nameOf),
      phaseTimes: phaseTimesOf(phaseRows, labourRows, [...names.keys()], nameOf),
      ...stationTables(bucketRows, stations),
      predictionAccuracy: {
        jobs: error.jobs,
        meanAbsoluteErrorDays: error.mae === null ? null : round(error.mae),
      },
    };
  };
}

/** The jobs in each phase at the end of each week, the phases in workflow order (jobs in none last). */
function workInProgressByWeek(
  weeks: readonly string[],
  wipRows: readonly TWorkInProgressRow[],
  order: readonly string[],
  nameOf: (key: string) => string,
) {
  const wipKeys = new Set(wipRows.map((row) => row.phase));
  const wipPhases = [...order, '']
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
  return { wipPhases, wip };
}

/** Each phase's hours per job, in workflow order. */
function phaseTimesOf(
  phaseRows: readonly TPhaseTimeRow[],
  labourRows: readonly { phase: string; hours: number }[],
  order: readonly string[],
  nameOf: (key: string) => string,
) {
  return phaseRows
    .map((row) => ({
      phaseKey: row.phase,
      phaseName: nameOf(row.phase),
      hours: {
        count: row.jobs,
        average: round(row.average),
        median: round(row.median),
        p90: round(row.p90),
      },
      labourHours: (() => {
        const labour = labourRows.find((entry) => entry.phase === row.phase);
        return labour === undefined ? null : round(labour.hours);
      })(),
    }))
    .sort((a, b) => order.indexOf(a.phaseKey) - order.indexOf(b.phaseKey));
}
