import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import type { TOrderListItem } from '@loupe/domain/orders/order';
import { FINISHED_ORDER_STATUSES } from '@loupe/domain/orders/order';
import { JobRow, type TJobListColumns } from '@/components/job-list/job-row';
import { isPastDate } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { OrderStatusBadge } from './order-labels';

export const ORDER_COLUMNS: TJobListColumns = { customer: 'Customer', amount: 'Balance' };

/** An order in the list: its description under the customer, its balance in the money column. */
export function OrderRow({
  order,
  today,
  prediction,
}: {
  order: TOrderListItem;
  today: string;
  /** Its predicted completion, when the viewer may see predictions and it is open. */
  prediction?: TPredictedCompletion | undefined;
}) {
  const isOpen = !FINISHED_ORDER_STATUSES.includes(order.status);
  return (
    <JobRow
      to={pathTo(paths.orderDetail, { orderId: order.id })}
      number={order.orderNumber}
      isRush={order.isRush}
      customerName={order.customer.name}
      summary={order.description || 'No description'}
      statusBadge={<OrderStatusBadge status={order.status} />}
      promisedDate={order.promisedDate}
      isOverdue={isPastDate(order.promisedDate, today) && isOpen}
      isDueToday={order.promisedDate === today && isOpen}
      tracking={order.tracking}
      amountCents={order.balanceCents}
      prediction={isOpen ? prediction : null}
      amountLabel={ORDER_COLUMNS.amount}
    />
  );
}
