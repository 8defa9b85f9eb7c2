import type { TOrderStatus } from '../orders/order';
import type { TRepairStatus } from '../repairs/repair';
import { isOpenStatus } from './job-state';
import type { TJobKind } from './job-views';

/**
 * A job's status follows its workflow (issue 32): each phase stands for a status, so a read that moves a job
 * into a phase (a read at the casting bench puts an order in casting) moves its status too. Delivery and
 * cancellation stay by hand: a finished job is never moved by a read, and no phase stands for them.
 */

type TWorkStatus = {
  order: Exclude<TOrderStatus, 'delivered' | 'cancelled'>;
  repair: Exclude<TRepairStatus, 'picked_up' | 'cancelled'>;
};

/** The status of the default phases, by phase key; a phase a workshop adds takes its predecessor's. */
export const PHASE_STATUSES: { readonly [K in TJobKind]: Readonly<Record<string, TWorkStatus[K]>> } = {
  order: {
    design: 'in_design',
    approval: 'awaiting_approval',
    cad: 'in_design',
    casting: 'in_production',
    bench: 'in_production',
    setting: 'in_production',
    polishing: 'in_production',
    qa: 'quality_check',
    ready: 'ready',
  },
  repair: {
    intake: 'received',
    approval: 'awaiting_approval',
    bench: 'in_progress',
    setting: 'in_progress',
    polishing: 'in_progress',
    qa: 'quality_check',
    ready: 'ready',
  },
};

/** The status a job is made with, before any work: "New" and "Received". */
export const FIRST_STATUSES: { readonly [K in TJobKind]: string } = { order: 'new', repair: 'received' };

/** What a job of a kind is doing once work has started, for a first phase nobody named. */
const WORK_STATUS: { readonly [K in TJobKind]: TWorkStatus[K] } = {
  order: 'in_production',
  repair: 'in_progress',
};

/**
 * The status each phase stands for, in order: a default phase's own, else the phase before it's (an
 * engraving step added after setting is still production), else the kind's work status.
 */
export function phaseStatuses(kind: TJobKind, phases: readonly { readonly key: string }[]): string[] {
  const known: Readonly<Record<string, string>> = PHASE_STATUSES[kind];
  const statuses: string[] = [];
  for (const phase of phases) {
    statuses.push(known[phase.key] ?? statuses.at(-1) ?? WORK_STATUS[kind]);
  }
  return statuses;
}

/** The status a job takes when it enters `phaseKey`; null when the phase is not one of `phases`. */
export function statusForPhase(
  kind: TJobKind,
  phases: readonly { readonly key: string }[],
  phaseKey: string,
): string | null {
  const index = phases.findIndex((phase) => phase.key === phaseKey);
  return index === -1 ? null : (phaseStatuses(kind, phases)[index] ?? null);
}

/**
 * The status after a phase change: the new phase's, unless the job is finished (delivery and cancellation
 * stay by hand). Null when nothing changes.
 */
export function statusAfterPhaseChange(
  kind: TJobKind,
  current: string,
  phases: readonly { readonly key: string }[],
  phaseKey: string,
): string | null {
  if (!isOpenStatus(kind, current)) return null;
  const next = statusForPhase(kind, phases, phaseKey);
  return next === null || next === current ? null : next;
}

/**
 * The phase a status set by hand puts a job in, so the board and the status agree: the job's current phase
 * when it already stands for that status, else the first phase that does. Null when no phase stands for it
 * (waiting for parts, delivered, cancelled): the phase stays where it is.
 */
export function phaseForStatus(
  kind: TJobKind,
  phases: readonly { readonly key: string }[],
  currentKey: string,
  status: string,
): string | null {
  const statuses = phaseStatuses(kind, phases);
  const current = phases.findIndex((phase) => phase.key === currentKey);
  if (current !== -1 && statuses[current] === status) return null;
  const index = statuses.indexOf(status);
  return index === -1 ? null : (phases[index]?.key ?? null);
}

/**
 * The status a job still at its first status takes when it is read in the department of the phase it is
 * already in: its work has started there (an order read at the sketch table is in design). Null otherwise, so
 * that a status set by hand within a phase (a repair waiting for parts at the bench) is never undone by a read.
 */
export function statusWhenWorkStarts(
  kind: TJobKind,
  current: string,
  phases: readonly { readonly key: string }[],
  phaseKey: string,
): string | null {
  if (current !== FIRST_STATUSES[kind]) return null;
  return statusAfterPhaseChange(kind, current, phases, phaseKey);
}
