import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import type { TOrderListItem } from '@loupe/domain/orders/order';
import { paths, pathTo } from '@/lib/paths';
import { JobRow, type TJobListColumns } from '../../../components/list/job-row';
import { OrderStatusBadge } from './order-labels';

export const ORDER_COLUMNS: TJobListColumns = { customer: 'Customer', amount: 'Balance' };

/** An order in the list: its description under the customer, its balance in the money column. */
export function OrderRow({
  order,
  prediction,
}: {
  order: TOrderListItem;
  /** Its predicted completion, when the viewer may see predictions and it is open. */
  prediction?: TPredictedCompletion | undefined;
}) {
  return (
    <JobRow
      to={pathTo(paths.orderDetail, { orderId: order.id })}
      number={order.orderNumber}
      isRush={order.isRush}
      customerName={order.customer.name}
      summary={order.description || 'No description'}
      statusBadge={<OrderStatusBadge status={order.status} />}
      promisedDate={order.promisedDate}
      state={order.state}
      tracking={order.tracking}
      amountCents={order.balanceCents}
      prediction={order.state === null ? null : prediction}
      amountLabel={ORDER_COLUMNS.amount}
    />
  );
}
