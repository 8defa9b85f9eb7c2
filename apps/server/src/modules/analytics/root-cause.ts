import type {
  TAnalyticsFilter,
  TRootCauseAnalytics,
  TRootCauseKind,
} from '@loupe/domain/analytics/analytics-api';
import { mainCause, rankCauses } from '@loupe/domain/analytics/root-cause';
import { round } from '@loupe/domain/analytics/statistics';
import type { TActor } from '@loupe/domain/auth/roles';
import { assertMayViewAnalytics, LIST_LIMIT, type TAnalyticsContext } from './context.ts';
import { resolveFilter } from './scope.ts';
import { phaseNames, readTemplates } from './templates.ts';

/** Late jobs root cause looks at, the latest first. */
const ROOT_CAUSE_JOBS = 2000;
/** A step's typical time is its median over the latest this many deliveries of the range. */
const MEDIAN_JOBS = 5000;

/** The root-cause screen: what made the late jobs late, each job's step furthest over its median. */
export function createRootCauseAnalytics(context: TAnalyticsContext) {
  const { clock, reference } = context;
  const repo = context.repositories.rootCause;
  const onTime = context.repositories.onTime;

  return async function rootCause(
    actor: TActor,
    query: TAnalyticsFilter & {
      causeKind?: TRootCauseKind | undefined;
      causeId?: string | undefined;
      level: 'phase' | 'station';
    },
  ): Promise<TRootCauseAnalytics> {
    assertMayViewAnalytics(actor);
    const calendar = await context.calendar();
    const { resolved, scope } = resolveFilter(query, calendar, clock());
    const kinds = query.level === 'phase' ? ['phase'] : ['station', 'offsite'];
    // The late jobs' details alongside their causes: the same latest ROOT_CAUSE_JOBS, listed below once their
    // causes are known.
    const [found, stations, all, lateJobCount, lateDetails] = await Promise.all([
      repo.lateJobCauses(scope, kinds, { late: ROOT_CAUSE_JOBS, median: MEDIAN_JOBS }),
      reference.stations(),
      readTemplates(reference),
      repo.lateJobCount(scope),
      onTime.lateJobs(scope, ROOT_CAUSE_JOBS, { latestFirst: true }),
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
  };
}
