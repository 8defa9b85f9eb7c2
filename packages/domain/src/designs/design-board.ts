import { isFinishedOrderStatus } from '../orders/order';
import { DESIGN_PHASE_KEYS, type TDesignBoardColumn, type TDesignRequestStatus } from './design-requests';

/** Where an order stands against its template's design phases (DESIGN_PHASE_KEYS). */
export type TOrderDesignStage = 'before-design' | 'in-design' | 'past-design';

/**
 * The order's stage from its template's phases and the phase it is in: past design once its workflow is
 * complete or it is in a phase after the last design phase. A template without design phases has no stage to
 * move through: the request's own status rules ('in-design').
 */
export function orderDesignStage(
  phases: readonly { readonly key: string }[],
  current: { readonly phaseKey: string; readonly isComplete: boolean },
): TOrderDesignStage {
  const isDesign = (key: string) => (DESIGN_PHASE_KEYS as readonly string[]).includes(key);
  const designIndexes = phases.flatMap((phase, index) => (isDesign(phase.key) ? [index] : []));
  if (designIndexes.length === 0) return 'in-design';
  if (current.isComplete) return 'past-design';
  const index = phases.findIndex((phase) => phase.key === current.phaseKey);
  if (index === -1) return 'in-design';
  if (index < Math.min(...designIndexes)) return 'before-design';
  return index > Math.max(...designIndexes) ? 'past-design' : 'in-design';
}

/**
 * The designer's board column of a request (issue 35 §7): a finished order's request is on no column; an order
 * past its design phases takes its request with it — to Approved when the customer approved, else to Past
 * design (the work went on without an approval here) — and an order in or before design leaves the request in
 * its status's column. The board counts what this puts in each column, so a count is what the column holds.
 */
export function designBoardColumn(input: {
  readonly status: TDesignRequestStatus;
  readonly orderStatus: string;
  readonly stage: TOrderDesignStage;
}): TDesignBoardColumn | null {
  if (isFinishedOrderStatus(input.orderStatus)) return null;
  switch (input.stage) {
    case 'past-design':
      return input.status === 'approved' ? 'approved' : 'past-design';
    case 'before-design':
    case 'in-design':
      return input.status;
  }
}
