import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import type { TRepairListItem } from '@loupe/domain/repairs/repair';
import { paths, pathTo } from '@/lib/paths';
import { JobRow, type TJobListColumns } from '../../../components/list/job-row';
import { RepairStatusBadge } from './repair-labels';

export const REPAIR_COLUMNS: TJobListColumns = { customer: 'Customer and item', amount: 'Estimate' };

/** A repair in the list: the item under the customer, the estimate in the money column. */
export function RepairRow({
  repair,
  prediction,
}: {
  repair: TRepairListItem;
  /** Its predicted completion, when the viewer may see predictions and it is open. */
  prediction?: TPredictedCompletion | undefined;
}) {
  return (
    <JobRow
      to={pathTo(paths.repairDetail, { repairId: repair.id })}
      number={repair.repairNumber}
      isRush={repair.isRush}
      customerName={repair.customer.name}
      summary={repair.itemDescription}
      statusBadge={<RepairStatusBadge status={repair.status} />}
      promisedDate={repair.promisedDate}
      state={repair.state}
      tracking={repair.tracking}
      amountCents={repair.estimateCents}
      prediction={repair.state === null ? null : prediction}
      amountLabel={REPAIR_COLUMNS.amount}
    />
  );
}
