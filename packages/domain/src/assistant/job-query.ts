import {
  isInJobView,
  JOB_VIEW_LABELS,
  type TJobKind,
  type TJobState,
  type TJobView,
} from '../jobs/job-views';
import { FINISHED_ORDER_STATUSES, ORDER_STATUS_LABELS, ORDER_STATUSES } from '../orders/order';
import { FINISHED_REPAIR_STATUSES, REPAIR_STATUS_LABELS, REPAIR_STATUSES } from '../repairs/repair';

/**
 * What the assistant's questions about sets of jobs filter by (issue 32 §4): a kind, job views (the same
 * views the dashboard's tiles count and the lists filter by), a status and a due window. Each is read from
 * the job read model's answer; this file only combines them, it defines no state of its own.
 */

/** Every status of either kind, each once: the keys the orders and repairs lists filter by. */
export const JOB_STATUSES = [
  ...new Set<string>([...ORDER_STATUSES, ...REPAIR_STATUSES]),
] as readonly string[];
export type TJobStatusKey = (typeof ORDER_STATUSES)[number] | (typeof REPAIR_STATUSES)[number];

/** A status's words as the lists show them (both kinds use the same words for the statuses they share). */
export function jobStatusLabel(status: string): string {
  return (
    (ORDER_STATUS_LABELS as Readonly<Record<string, string>>)[status] ??
    (REPAIR_STATUS_LABELS as Readonly<Record<string, string>>)[status] ??
    status
  );
}

/** The kinds that have a status: 'new' is an order's only, 'waiting_parts' a repair's only. */
export function kindsWithStatus(status: string): TJobKind[] {
  return [
    ...((ORDER_STATUSES as readonly string[]).includes(status) ? (['order'] as const) : []),
    ...((REPAIR_STATUSES as readonly string[]).includes(status) ? (['repair'] as const) : []),
  ];
}

/** Finished statuses are not in the job read model (it holds open jobs); the lists still count them. */
export function isFinishedStatus(kind: TJobKind, status: string): boolean {
  return (kind === 'order' ? FINISHED_ORDER_STATUSES : FINISHED_REPAIR_STATUSES).some((s) => s === status);
}

/** The statuses that are job views: a list filtered by either shows the same jobs. */
export const STATUS_VIEWS: Readonly<Record<string, TJobView>> = {
  ready: 'ready-for-pickup',
  awaiting_approval: 'awaiting-approval',
};

export const DUE_WINDOWS = ['today', 'tomorrow', 'week'] as const;
/** When a job is promised, from the workshop's today: today, tomorrow, or within the due week. */
export type TDueWithin = (typeof DUE_WINDOWS)[number];

export type TJobQuery = {
  readonly kind: TJobKind | null;
  /** Jobs in any of these views; none: every open job. */
  readonly views: readonly TJobView[];
  readonly status: string | null;
  /** Only jobs promised within this window; see matchesJobQuery for how it combines with the views. */
  readonly due: TDueWithin | null;
};

type TJobLike = {
  readonly kind: TJobKind;
  readonly status: string;
  readonly promisedDate: string | null;
  readonly state: TJobState;
};

/** Whether a job in work is promised within a window (`tomorrow` is the workshop's next calendar day). */
export function isDueWithin(job: TJobLike, due: TDueWithin, tomorrow: string): boolean {
  switch (due) {
    case 'today':
      return isInJobView('due-today', job);
    case 'week':
      return isInJobView('due-this-week', job);
    case 'tomorrow':
      return job.state.isInWork && job.promisedDate === tomorrow;
  }
}

/**
 * Whether a job answers a query. Views are a union ("overdue or at risk"). A due window narrows each view to
 * the jobs promised within it, except overdue: "what is late this week" is what is overdue already, and what
 * is at risk of missing a promise made for this week.
 */
export function matchesJobQuery(job: TJobLike, query: TJobQuery, tomorrow: string): boolean {
  if (query.kind !== null && job.kind !== query.kind) return false;
  if (query.status !== null && job.status !== query.status) return false;
  const { due } = query;
  if (query.views.length === 0) return due === null || isDueWithin(job, due, tomorrow);
  return query.views.some((view) => {
    if (due === null) return isInJobView(view, job);
    if (view === 'overdue') {
      return isInJobView('overdue', job) || (job.state.isAtRisk && isDueWithin(job, due, tomorrow));
    }
    return isInJobView(view, job) && isDueWithin(job, due, tomorrow);
  });
}

/** A view's words in a sentence ("are overdue", "are marked rush"): JOB_VIEW_LABELS, lower-cased. */
export function jobViewPhrase(view: TJobView): string {
  return view === 'rush' ? 'marked rush' : JOB_VIEW_LABELS[view].toLowerCase();
}

const DUE_PHRASES: Readonly<Record<TDueWithin, string>> = {
  today: 'today',
  tomorrow: 'tomorrow',
  week: 'this week',
};

/**
 * What a query asks, after "are": "overdue or at risk this week", "due tomorrow", "in the status In
 * production". Empty when it asks for every open job.
 */
export function jobQueryPhrase(query: Pick<TJobQuery, 'views' | 'status' | 'due'>): string {
  const parts: string[] = [];
  // With a due window, overdue takes in what is at risk within it (matchesJobQuery): the words say so.
  const views =
    query.due !== null && query.views.includes('overdue') && !query.views.includes('at-risk')
      ? query.views.flatMap((view): TJobView[] => (view === 'overdue' ? ['overdue', 'at-risk'] : [view]))
      : query.views;
  if (views.length > 0) parts.push(views.map(jobViewPhrase).join(' or '));
  if (query.status !== null) parts.push(`in the status ${jobStatusLabel(query.status)}`);
  if (query.due !== null) {
    parts.push(query.views.length === 0 ? `due ${DUE_PHRASES[query.due]}` : DUE_PHRASES[query.due]);
  }
  return parts.join(' ');
}
