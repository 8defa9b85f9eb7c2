import type { TJobState } from './job-views';

/**
 * For tests: an open job's state as the job read model gives it — in work, promised later, nothing wrong. A
 * test sets only the flags it is about (`makeJobState({ isOverdue: true, daysOverdue: 3, due: 'overdue' })`).
 */
export function makeJobState(overrides: Partial<TJobState> = {}): TJobState {
  return {
    isOpen: true,
    isInWork: true,
    isOverdue: false,
    daysOverdue: 0,
    isAtRisk: false,
    isOverPhaseTarget: false,
    isRush: false,
    isOffsite: false,
    offsiteSince: null,
    due: 'later',
    ...overrides,
  };
}
