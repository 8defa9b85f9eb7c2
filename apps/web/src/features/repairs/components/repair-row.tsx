import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import type { TRepairListItem } from '@loupe/domain/repairs/repair';
import { FINISHED_REPAIR_STATUSES } from '@loupe/domain/repairs/repair';
import { JobRow, type TJobListColumns } from '@/components/job-list/job-row';
import { isPastDate } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { RepairStatusBadge } from './repair-labels';

export const REPAIR_COLUMNS: TJobListColumns = { customer: 'Customer and item', amount: 'Estimate' };

/** A repair in the list: the item under the customer, the estimate in the money column. */
export function RepairRow({
  repair,
  today,
  prediction,
}: {
  repair: TRepairListItem;
  today: string;
  /** Its predicted completion, when the viewer may see predictions and it is open. */
  prediction?: TPredictedCompletion | undefined;
}) {
  const isOpen = !FINISHED_REPAIR_STATUSES.includes(repair.status);
  return (
    <JobRow
      to={pathTo(paths.repairDetail, { repairId: repair.id })}
      number={repair.repairNumber}
      isRush={repair.isRush}
      customerName={repair.customer.name}
      summary={repair.itemDescription}
      statusBadge={<RepairStatusBadge status={repair.status} />}
      promisedDate={repair.promisedDate}
      isOverdue={isPastDate(repair.promisedDate, today) && isOpen}
      isDueToday={repair.promisedDate === today && isOpen}
      tracking={repair.tracking}
      amountCents={repair.estimateCents}
      prediction={isOpen ? prediction : null}
      amountLabel={REPAIR_COLUMNS.amount}
    />
  );
}
