import type { TOrderListItem } from '@loupe/domain/orders/order';
import { FINISHED_ORDER_STATUSES } from '@loupe/domain/orders/order';
import { JobRow, type TJobListColumns } from '@/components/job-list/job-row';
import { isPastDate } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { OrderStatusBadge } from './order-labels';

export const ORDER_COLUMNS: TJobListColumns = { customer: 'Customer', amount: 'Balance' };

/** An order in the list: its description under the customer, its balance in the money column. */
export function OrderRow({ order, today }: { order: TOrderListItem; today: string }) {
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
      amountLabel={ORDER_COLUMNS.amount}
    />
  );
}
