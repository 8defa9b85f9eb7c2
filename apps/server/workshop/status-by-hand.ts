import { ORDER_STATUS_TRANSITIONS, type TOrderStatus } from '@loupe/domain/orders/order';
import { REPAIR_STATUS_TRANSITIONS, type TRepairStatus } from '@loupe/domain/repairs/repair';
import { DISPATCH, type TItemKind, type TStationKey } from './workshop-plan.ts';

/**
 * The status staff set by hand for a piece standing at `key`, where reads do not set it: reads move a job's
 * status with its workflow phase (issue 32), but a repair waiting for parts at the vendors' shelf, and a piece
 * photographed and packed (ready for its customer), are people's calls. Null elsewhere.
 */
export function statusByHandAt(kind: TItemKind, key: TStationKey): TOrderStatus | TRepairStatus | null {
  if (key === 'QA/Photography & packing') return 'ready';
  return kind === 'repair' && key === DISPATCH ? 'waiting_parts' : null;
}

/** Once here, a piece's work is over: an order is delivered, a repair picked up. */
export const FINAL_STATUS: Readonly<Record<TItemKind, TOrderStatus | TRepairStatus>> = {
  order: 'delivered',
  repair: 'picked_up',
};

/**
 * The statuses to PATCH, one allowed transition at a time, to go from `from` to `to` (the shortest way
 * through the domain's transition table, never through cancelled); [] when already there or no way.
 */
export function statusSteps(kind: TItemKind, from: string, to: string): string[] {
  const table: Readonly<Record<string, readonly string[]>> =
    kind === 'order' ? ORDER_STATUS_TRANSITIONS : REPAIR_STATUS_TRANSITIONS;
  if (from === to || !(from in table)) return [];
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const status = queue.shift() as string;
    for (const next of table[status] ?? []) {
      if (next === 'cancelled' || previous.has(next)) continue;
      previous.set(next, status);
      if (next === to) {
        const path = [to];
        for (let at = status; at !== from; at = previous.get(at) ?? from) path.unshift(at);
        return path;
      }
      queue.push(next);
    }
  }
  return [];
}
