import { FINISHED_ORDER_STATUSES } from '../orders/order';
import { FINISHED_REPAIR_STATUSES } from '../repairs/repair';
import { startOfWorkshopDay, wallTime } from '../workflow/working-calendar';
import { READY_STATUS, type TDueWindow, type TJobKind, type TJobState } from './job-views';

/**
 * One truth about a job (issue 32): what "overdue", "at risk", "over phase target", "rush" and "offsite" mean
 * for an order or a repair, defined here once. The server's job read model (apps/server/src/modules/jobs/
 * job-states.ts) evaluates these rules for every open job, and every screen, tile, list filter, alert rule,
 * assistant answer, chart and TV reads its answer; none of them works a rule out again.
 */

const FINISHED: Readonly<Record<TJobKind, readonly string[]>> = {
  order: FINISHED_ORDER_STATUSES,
  repair: FINISHED_REPAIR_STATUSES,
};

/** Open: still on the workshop's books (not delivered, picked up or cancelled). */
export function isOpenStatus(kind: TJobKind, status: string): boolean {
  return !FINISHED[kind].includes(status);
}

/** In work: open and not yet ready for pickup. Only work can be overdue, due or at risk. */
export function isInWorkStatus(kind: TJobKind, status: string): boolean {
  return isOpenStatus(kind, status) && status !== READY_STATUS;
}

/** The workshop's calendar date (YYYY-MM-DD) at `now`: promised dates are days in the workshop's zone. */
export function workshopToday(now: Date, timeZone: string): string {
  return wallTime(now, timeZone).date;
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** When a promised day ends in the workshop's zone (midnight after it): a job finished later missed it. */
export function endOfPromisedDay(promisedDate: string, timeZone: string): Date {
  // Noon UTC of the next day lies within that day in every zone from UTC−12 to UTC+12.
  return startOfWorkshopDay(new Date(`${shiftDate(promisedDate, 1)}T12:00:00Z`), timeZone);
}

/** "This week" for due dates: today and the six days after it. */
export const DUE_WEEK_DAYS = 7;

/** Where a job's promised date falls from today: past, today, within the week, later, or none promised. */
export function dueWindowOf(promisedDate: string | null, today: string): TDueWindow {
  if (promisedDate === null) return 'none';
  if (promisedDate < today) return 'overdue';
  if (promisedDate === today) return 'today';
  return promisedDate <= shiftDate(today, DUE_WEEK_DAYS - 1) ? 'week' : 'later';
}

/** What the rules need to know about a job. Times are instants; the promised date is a workshop day. */
export type TJobStateInput = {
  readonly kind: TJobKind;
  readonly status: string;
  readonly isRush: boolean;
  readonly promisedDate: string | null;
  /** Its current workflow phase: working hours spent in it against the phase's target. */
  readonly phase: {
    readonly hoursInPhase: number;
    readonly targetHours: number;
    readonly isComplete: boolean;
  };
  /** Its tag's tracking; null when it carries none. */
  readonly tracking: {
    readonly status: 'active' | 'offsite' | 'returned';
    readonly lastSeenAt: Date | null;
    readonly offsiteDetectedAt: Date | null;
  } | null;
  /** The upper end of its predicted completion (the prediction's `latest`); null when nothing is predicted. */
  readonly predictedLatest: Date | null;
};

/**
 * Since when an offsite piece is gone: when its tag was last seen (it left right after), not when the sweep
 * noticed, which is a timeout later; the detection only when it was never seen.
 */
export function offsiteSinceOf(tracking: {
  readonly lastSeenAt: Date | null;
  readonly offsiteDetectedAt: Date | null;
}): Date | null {
  return tracking.lastSeenAt ?? tracking.offsiteDetectedAt;
}

/** The one evaluation of a job's state: every consumer gets these answers from the read model. */
export function jobState(job: TJobStateInput, at: { now: Date; timeZone: string }): TJobState {
  const isOpen = isOpenStatus(job.kind, job.status);
  const isInWork = isInWorkStatus(job.kind, job.status);
  const today = workshopToday(at.now, at.timeZone);
  const due = isInWork ? dueWindowOf(job.promisedDate, today) : 'none';
  const isOverdue = due === 'overdue';
  const daysOverdue =
    isOverdue && job.promisedDate !== null
      ? Math.round(
          (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${job.promisedDate}T00:00:00Z`)) / 86_400_000,
        )
      : 0;
  const isAtRisk =
    isInWork &&
    !isOverdue &&
    job.promisedDate !== null &&
    job.predictedLatest !== null &&
    job.predictedLatest.getTime() > endOfPromisedDay(job.promisedDate, at.timeZone).getTime();
  const isOffsite = isOpen && job.tracking?.status === 'offsite';
  const since = isOffsite && job.tracking ? offsiteSinceOf(job.tracking) : null;
  return {
    isOpen,
    isInWork,
    isOverdue,
    daysOverdue,
    isAtRisk,
    isOverPhaseTarget: isInWork && !job.phase.isComplete && job.phase.hoursInPhase > job.phase.targetHours,
    isRush: job.isRush,
    isOffsite,
    offsiteSince: since?.toISOString() ?? null,
    due,
  };
}
