import { z } from 'zod';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The words and sets of one truth about a job (issue 32): the state every consumer reads (overdue, at risk,
 * over its phase target, offsite…), the named views a tile counts and a list filters by, their labels and
 * the order work is shown in. The rules that evaluate a job's state are in job-state.ts; the server's job
 * read model (apps/server/src/modules/jobs/job-states.ts) evaluates them once for every consumer.
 */

export const JOB_KINDS = ['order', 'repair'] as const;
export const ZJobKindSchema = lazySchema(() => z.enum(JOB_KINDS));
export type TJobKind = z.infer<typeof ZJobKindSchema>;

/** The status both kinds share for a piece finished and waiting for its customer. */
export const READY_STATUS = 'ready';
export const AWAITING_APPROVAL_STATUS = 'awaiting_approval';

export const DUE_WINDOWS = ['overdue', 'today', 'week', 'later', 'none'] as const;
export type TDueWindow = (typeof DUE_WINDOWS)[number];

export const ZJobStateSchema = lazySchema(() =>
  z.object({
    isOpen: z.boolean(),
    /** Open and not yet ready for pickup. */
    isInWork: z.boolean(),
    /** In work and its promised day has passed in the workshop's zone. */
    isOverdue: z.boolean(),
    /** Whole days past the promised date (0 unless overdue). */
    daysOverdue: z.number().int(),
    /** In work, not overdue, and predicted to finish after its promised day ends. */
    isAtRisk: z.boolean(),
    /** In work and longer in its current phase than the phase's target (working hours). */
    isOverPhaseTarget: z.boolean(),
    isRush: z.boolean(),
    /** Open and its tag is offsite. */
    isOffsite: z.boolean(),
    /** Since when it is gone: when its tag was last seen (not when the sweep noticed); null unless offsite. */
    offsiteSince: z.string().nullable(),
    /** Where its promised date falls, for work in progress ('none' once ready or finished). */
    due: z.enum(DUE_WINDOWS),
  }),
);
export type TJobState = z.infer<typeof ZJobStateSchema>;

/** Minutes a piece has been gone, counted from when it was last seen. */
export function offsiteMinutes(state: Pick<TJobState, 'offsiteSince'>, now: Date): number | null {
  if (state.offsiteSince === null) return null;
  return Math.max(0, Math.floor((now.getTime() - Date.parse(state.offsiteSince)) / 60_000));
}

/**
 * The named sets of open jobs every screen counts and lists the same way: a dashboard tile's count is the
 * size of its view, and its link opens the list filtered by that view. Each view's word on every screen:
 * no two mean the same, and none of them is "late".
 */
export const JOB_VIEW_LABELS = {
  overdue: 'Overdue',
  'due-today': 'Due today',
  'due-this-week': 'Due this week',
  'at-risk': 'At risk',
  'over-phase-target': 'Over phase target',
  rush: 'Rush',
  offsite: 'Offsite',
  'ready-for-pickup': 'Ready for pickup',
  'awaiting-approval': 'Awaiting approval',
} as const;
export const JOB_VIEWS = keysOf(JOB_VIEW_LABELS);
export const ZJobViewSchema = lazySchema(() => z.enum(JOB_VIEWS));
export type TJobView = z.infer<typeof ZJobViewSchema>;

/** What each view means, for a tooltip or the assistant. */
export const JOB_VIEW_DESCRIPTIONS: Readonly<Record<TJobView, string>> = {
  overdue: 'In work and past its promised date',
  'due-today': 'In work and promised for today',
  'due-this-week': 'In work and promised within the next 7 days, today included',
  'at-risk': 'In work and predicted to finish after its promised date',
  'over-phase-target': 'In work and longer in its current phase than the phase’s target',
  rush: 'Open and marked rush',
  offsite: 'Open and out of the building, counted from when it was last seen',
  'ready-for-pickup': 'Finished and waiting for the customer',
  'awaiting-approval': 'Waiting for the customer’s approval',
};

/** Whether a job belongs to a view. */
export function isInJobView(view: TJobView, job: { status: string; state: TJobState }): boolean {
  const { state } = job;
  if (!state.isOpen) return false;
  switch (view) {
    case 'overdue':
      return state.isOverdue;
    case 'due-today':
      return state.due === 'today';
    case 'due-this-week':
      return state.due === 'today' || state.due === 'week';
    case 'at-risk':
      return state.isAtRisk;
    case 'over-phase-target':
      return state.isOverPhaseTarget;
    case 'rush':
      return state.isRush;
    case 'offsite':
      return state.isOffsite;
    case 'ready-for-pickup':
      return job.status === READY_STATUS;
    case 'awaiting-approval':
      return job.status === AWAITING_APPROVAL_STATUS;
  }
}

/**
 * The order work is shown in everywhere (board columns, station TVs, lists of late work, the assistant):
 * rush first, then overdue (most days first), at risk, over its phase target, then the earliest promised
 * date, then the number.
 */
export function compareJobPriority(
  a: { number: string; promisedDate: string | null; state: TJobState },
  b: { number: string; promisedDate: string | null; state: TJobState },
): number {
  return (
    Number(b.state.isRush) - Number(a.state.isRush) ||
    Number(b.state.isOverdue) - Number(a.state.isOverdue) ||
    b.state.daysOverdue - a.state.daysOverdue ||
    Number(b.state.isAtRisk) - Number(a.state.isAtRisk) ||
    Number(b.state.isOverPhaseTarget) - Number(a.state.isOverPhaseTarget) ||
    (a.promisedDate ?? '9999-12-31').localeCompare(b.promisedDate ?? '9999-12-31') ||
    a.number.localeCompare(b.number)
  );
}

/** The dashboard's tiles, in order: each a view, counted per kind. */
export const JOB_SUMMARY_VIEWS = [
  'overdue',
  'due-today',
  'due-this-week',
  'at-risk',
  'rush',
  'ready-for-pickup',
  'awaiting-approval',
  'offsite',
] as const satisfies readonly TJobView[];

/** GET /workflow/summary: how many open jobs of each kind the user may see are in each view. */
export const ZJobSummarySchema = lazySchema(() =>
  z.object({
    /** The kinds counted (repairs only for those who may see them). */
    kinds: z.array(ZJobKindSchema),
    // Unwrapped: a record checks that every view is there only when its key schema is the enum itself.
    counts: z.record(
      ZJobViewSchema.unwrap(),
      z.object({ order: z.number().int(), repair: z.number().int() }),
    ),
  }),
);
export type TJobSummary = z.infer<typeof ZJobSummarySchema>;

/** Counts of jobs in each view, by kind. */
export function summarizeJobs(
  kinds: readonly TJobKind[],
  jobs: readonly { kind: TJobKind; status: string; state: TJobState }[],
): TJobSummary {
  const counts = Object.fromEntries(JOB_VIEWS.map((view) => [view, { order: 0, repair: 0 }])) as Record<
    TJobView,
    { order: number; repair: number }
  >;
  for (const job of jobs) {
    if (!kinds.includes(job.kind)) continue;
    for (const view of JOB_VIEWS) if (isInJobView(view, job)) counts[view][job.kind] += 1;
  }
  return { kinds: [...kinds], counts };
}

/** Where a job's piece is, in words, for alerts and answers: "at Bench 2 (Bench work)". */
export function jobPlaceText(job: {
  location: { stationName: string; departmentName: string } | null;
  state: Pick<TJobState, 'isOffsite'>;
}): string {
  if (job.location === null) return 'not read at any station yet';
  const place = `${job.location.stationName} (${job.location.departmentName})`;
  return job.state.isOffsite ? `offsite, last seen at ${place}` : `at ${place}`;
}

/** The words for what is wrong with a job, most pressing first (rush aside); empty when nothing is. */
export function jobStateLabels(state: TJobState): string[] {
  const labels: string[] = [];
  if (state.isOverdue) labels.push(JOB_VIEW_LABELS.overdue);
  if (state.isAtRisk) labels.push(JOB_VIEW_LABELS['at-risk']);
  if (state.isOverPhaseTarget) labels.push(JOB_VIEW_LABELS['over-phase-target']);
  if (state.isOffsite) labels.push(JOB_VIEW_LABELS.offsite);
  return labels;
}

/** One word for a job's state in a narrow column: its most pressing label, else "On track". */
export const ON_TRACK_LABEL = 'On track';
export function jobStateText(state: TJobState): string {
  return jobStateLabels(state)[0] ?? ON_TRACK_LABEL;
}
