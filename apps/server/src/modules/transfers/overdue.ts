import { key, type TTransfersContext } from './context.ts';
import type { TJobRef, TTransferItemRow } from './repository.ts';

/** Bags past their expected day: an alert per piece still out, once; returns how many were raised now. */
export function createOverdueSweep(context: TTransfersContext) {
  const { repository, today, raise } = context;

  return async function sweepOverdue(): Promise<number> {
    const rows = await repository.overdueInTransit(await today());
    if (rows.length === 0) return 0;
    const causeKey = (item: TTransferItemRow) =>
      `transfer-overdue:${item.transferId}:${item.itemKind}:${item.itemId}`;
    const out = (await repository.itemsOf(rows.map((row) => row.transfer.id))).filter(
      (item) => item.state === 'expected',
    );
    // Once per piece and bag: an alert a person resolved is not raised again.
    const raised = await repository.raisedCauses(out.map(causeKey));
    const items = out.filter((item) => !raised.has(causeKey(item)));
    if (items.length === 0) return 0;
    const jobs = await repository.jobs(
      items.map((item) => ({ kind: item.itemKind as TJobRef['kind'], id: item.itemId })),
    );
    const bags = new Map(rows.map((row) => [row.transfer.id, row]));
    await raise(
      items.map((item) => {
        const bag = bags.get(item.transferId);
        const label = jobs.get(key(item.itemKind, item.itemId))?.number ?? item.itemId;
        const number = bag?.transfer.number ?? '';
        return {
          rule: 'transfer-overdue' as const,
          causeKey: causeKey(item),
          title: `Bag ${number} overdue`,
          message: `${label} is in bag ${number} to ${bag?.toName ?? ''}, expected by ${bag?.transfer.expectedOn ?? ''}.`,
          subject: { kind: item.itemKind as TJobRef['kind'], id: item.itemId, label },
        };
      }),
      { overdue: rows.length },
    );
    return items.length;
  };
}
