import { predictJobCompletion, type TPhaseDuration } from '@loupe/domain/analytics/prediction';
import { jobState } from '@loupe/domain/jobs/job-state';
import {
  compareJobPriority,
  isInJobView,
  summarizeJobs,
  type TJobKind,
  type TJobSummary,
  type TJobView,
} from '@loupe/domain/jobs/job-views';
import { ZTrackingStatusSchema } from '@loupe/domain/tracking/tracking-status';
import { personName } from '@loupe/domain/users/user';
import type { TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import {
  phasesFor,
  type TWorkflowPhase,
  type TWorkflowTemplate,
  templateFor,
} from '@loupe/domain/workflow/workflow-template';
import { type TWorkingCalendar, workingHoursBetween } from '@loupe/domain/workflow/working-calendar';
import type { TClock } from '../../lib/clock.ts';
import type { TPersonRow } from '../workflow/assignment-repository.ts';
import type { TJobRow, TJobWorkflowRow } from '../workflow/job-workflow-repository.ts';
import type { TWorkflowRepository } from '../workflow/repository.ts';

/** Phase durations change slowly: read again at most this often (predictions are made on every read). */
const DURATIONS_TTL_MS = 60_000;
/** How many recent deliveries the phase durations are taken from. */
const DURATION_HISTORY_JOBS = 2_000;

/** The few phase quantiles the predictions add up, by `kind:phase`. */
export type TPhaseDurations = ReadonlyMap<string, TPhaseDuration>;

/** A job as the read model holds it: the card every consumer reads, and what planning needs beside it. */
export type TJobRecord = {
  readonly card: TWorkflowJob;
  readonly row: TJobRow;
  /** The phases it goes through, and those still ahead of it (the current one first). */
  readonly phases: readonly TWorkflowPhase[];
  readonly remaining: readonly TWorkflowPhase[];
  /** When its current phase started. */
  readonly phaseStartedAt: Date;
};

export type TJobStatesOptions = {
  /** Reads only, on the database (not a transaction): the composition root hands it in. */
  readonly repo: Pick<
    TWorkflowRepository,
    'listOpenJobs' | 'workflowStates' | 'openAssignmentsOf' | 'personsById'
  >;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** The workflow templates, the defaults made on first use. */
  readonly templates: () => Promise<TWorkflowTemplate[]>;
  /** Phase durations in hours from the latest deliveries (analytics' facts). */
  readonly phaseQuantiles: (
    jobs: number,
  ) => Promise<readonly { kind: string; phase: string; p25: number; p50: number; p80: number }[]>;
};

/** A job without a workflow row yet is in its template's first phase since it was created. */
export function workflowStateOf(
  row: TJobWorkflowRow | undefined,
  phases: readonly TWorkflowPhase[],
  job: Pick<TJobRow, 'kind' | 'id' | 'createdAt'>,
): TJobWorkflowRow {
  const first = phases[0]?.key ?? 'unknown';
  if (row === undefined) {
    return {
      itemKind: job.kind,
      itemId: job.id,
      phaseKey: first,
      phaseStartedAt: job.createdAt,
      reworkCount: 0,
      completedAt: null,
      nudgeCount: 0,
      lastNudgedAt: null,
    };
  }
  // A phase a template edit removed: the job starts over at the first one rather than vanish from the board.
  return phases.some((phase) => phase.key === row.phaseKey) ? row : { ...row, phaseKey: first };
}

/** The template a job follows; every kind has a default once `templates()` has run. */
export function jobTemplate(
  templates: readonly TWorkflowTemplate[],
  job: Pick<TJobRow, 'kind' | 'productTypeId'>,
): TWorkflowTemplate {
  const template = templateFor(templates, job.kind, job.productTypeId);
  if (!template) throw new Error(`no default ${job.kind} workflow template`);
  return template;
}

export function personRef(persons: ReadonlyMap<string, TPersonRow>, id: string | null) {
  const person = id === null ? undefined : persons.get(id);
  return person ? { id: person.id, name: personName(person) } : null;
}

/**
 * The job read model (issue 32): every open order and repair with its phase, place, assignment, predicted
 * completion and state (overdue, at risk, over its phase target, offsite), worked out by the domain's rules
 * in one place. The dashboard's tiles, the board and its filters, lists filtered by a view, the alert rules,
 * the assistant's tools, the station TVs, the capacity plan and the predictions all read it. It checks no
 * permission: callers say which kinds their user may see.
 */
export function createJobStates(options: TJobStatesOptions) {
  const { repo, clock } = options;
  let durationsCache: { at: number; durations: TPhaseDurations } | null = null;

  async function phaseDurations(): Promise<TPhaseDurations> {
    const now = clock().getTime();
    if (durationsCache !== null && Math.abs(now - durationsCache.at) < DURATIONS_TTL_MS) {
      return durationsCache.durations;
    }
    const rows = await options.phaseQuantiles(DURATION_HISTORY_JOBS);
    const durations = new Map(
      rows.map((row) => [`${row.kind}:${row.phase}`, { p25: row.p25, p50: row.p50, p80: row.p80 }] as const),
    );
    durationsCache = { at: now, durations };
    return durations;
  }

  /** A phase's durations from history, or its target for all three without any. */
  function durationOf(durations: TPhaseDurations, kind: string, phase: TWorkflowPhase): TPhaseDuration {
    return (
      durations.get(`${kind}:${phase.key}`) ?? {
        p25: phase.targetHours,
        p50: phase.targetHours,
        p80: phase.targetHours,
      }
    );
  }

  async function recordsOfKind(kind: TJobKind, ids: readonly string[] | undefined): Promise<TJobRecord[]> {
    const jobs = await repo.listOpenJobs(kind, ids);
    if (jobs.length === 0) return [];
    const jobIds = jobs.map((job) => job.id);
    const [templates, states, assignments, calendar, durations] = await Promise.all([
      options.templates(),
      repo.workflowStates(kind, jobIds),
      repo.openAssignmentsOf(kind, jobIds),
      options.calendar(),
      phaseDurations(),
    ]);
    const persons = await repo.personsById([
      ...jobs.map((job) => job.salespersonId),
      ...assignments.map((assignment) => assignment.assigneeId),
    ]);
    const now = clock();
    const at = { now, timeZone: calendar.timeZone };
    return jobs.map((job): TJobRecord => {
      const phases = phasesFor(jobTemplate(templates, job), job.repairTypes);
      const saved = workflowStateOf(states.get(job.id), phases, job);
      const index = Math.max(
        0,
        phases.findIndex((phase) => phase.key === saved.phaseKey),
      );
      const phase = phases[index];
      if (!phase) throw new Error('a workflow template without phases');
      const isComplete = saved.completedAt !== null;
      const workflow = {
        phaseKey: phase.key,
        phaseName: phase.name,
        phaseIndex: index,
        phaseCount: phases.length,
        phaseStartedAt: saved.phaseStartedAt.toISOString(),
        hoursInPhase: Math.max(
          0,
          Math.round(workingHoursBetween(saved.phaseStartedAt, now, calendar) * 10) / 10,
        ),
        targetHours: phase.targetHours,
        reworkCount: saved.reworkCount,
        isComplete,
      };
      const { prediction, remaining } = predictJobCompletion({
        now,
        phases,
        phaseIndex: index,
        isComplete,
        phaseStartedAt: saved.phaseStartedAt,
        durationOf: (candidate) => durationOf(durations, job.kind, candidate),
      });
      const trackingStatus = ZTrackingStatusSchema.safeParse(job.trackingStatus);
      const tracking = trackingStatus.success
        ? {
            status: trackingStatus.data,
            lastSeenAt: job.lastSeenAt,
            offsiteDetectedAt: job.offsiteDetectedAt,
          }
        : null;
      const state = jobState(
        {
          kind: job.kind,
          status: job.status,
          isRush: job.isRush,
          promisedDate: job.promisedDate,
          phase: workflow,
          tracking,
          predictedLatest: isComplete ? null : new Date(prediction.latest),
        },
        at,
      );
      const assignment = assignments.find((row) => row.itemId === job.id && row.phaseKey === phase.key);
      const assignee = assignment ? personRef(persons, assignment.assigneeId) : null;
      const card: TWorkflowJob = {
        kind: job.kind,
        id: job.id,
        number: job.number,
        customerName: job.customerName,
        description: job.description,
        productTypeName: job.productTypeName,
        status: job.status,
        isRush: job.isRush,
        promisedDate: job.promisedDate,
        salesperson: personRef(persons, job.salespersonId),
        workflow,
        state,
        prediction: isComplete ? null : prediction,
        location:
          job.departmentId !== null && job.stationId !== null
            ? {
                departmentId: job.departmentId,
                departmentName: job.departmentName ?? '',
                stationId: job.stationId,
                stationName: job.stationName ?? '',
                trackingStatus: job.trackingStatus ?? 'active',
                expectedOffsite: job.expectedOffsite ?? false,
                lastSeenAt: job.lastSeenAt?.toISOString() ?? null,
              }
            : null,
        assignment:
          assignment && assignee
            ? { id: assignment.id, assignee, dueAt: assignment.dueAt?.toISOString() ?? null }
            : null,
      };
      return { card, row: job, phases, remaining, phaseStartedAt: saved.phaseStartedAt };
    });
  }

  /** Open jobs of `kinds` (`ids` narrows them), in priority order. */
  async function records(query: {
    readonly kinds: readonly TJobKind[];
    readonly ids?: readonly string[] | undefined;
  }): Promise<TJobRecord[]> {
    const all = (await Promise.all(query.kinds.map((kind) => recordsOfKind(kind, query.ids)))).flat();
    return all.sort((a, b) => compareJobPriority(a.card, b.card));
  }

  async function cards(query: {
    readonly kinds: readonly TJobKind[];
    readonly ids?: readonly string[] | undefined;
    readonly view?: TJobView | undefined;
  }): Promise<TWorkflowJob[]> {
    const found = (await records(query)).map((record) => record.card);
    const { view } = query;
    return view === undefined ? found : found.filter((card) => isInJobView(view, card));
  }

  return {
    records,
    cards,
    /** The ids of open jobs of a kind in a view: what a list filtered by that view shows. */
    async idsInView(kind: TJobKind, view: TJobView): Promise<string[]> {
      return (await cards({ kinds: [kind], view })).map((card) => card.id);
    },
    /** How many open jobs of `kinds` are in each view: the dashboard's tiles. */
    async summary(kinds: readonly TJobKind[]): Promise<TJobSummary> {
      return summarizeJobs(kinds, await cards({ kinds }));
    },
    phaseDurations,
    durationOf,
  };
}

export type TJobStates = ReturnType<typeof createJobStates>;
