import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import {
  ORDER_SORTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type TOrder,
} from '@loupe/domain/orders/order';
import { PackageIcon } from 'lucide-react';
import { formatCents } from '@/lib/money-format';
import { paths, pathTo } from '@/lib/paths';
import { Fact, JobFacts } from '../../components/detail/job-facts';
import { JOB_SORT_LABELS } from '../../components/list/job-list-filters';
import { JobRow, type TJobListColumns } from '../../components/list/job-row';
import type { TJobTicketData } from '../../components/ticket/job-ticket';
import type { TJobKindUi } from '../job-kind-ui';
import { OrderForm } from './order-form';
import { ORDER_NOUN, OrderStatusBadge, orderChangeFormatter } from './order-labels';

const ORDER_COLUMNS: TJobListColumns = { customer: 'Customer', amount: 'Balance' };

/** An order on the shared job screens: its fields, its form, and who may write it (spec §6). */
export const ORDER_KIND: TJobKindUi<'order'> = {
  noun: ORDER_NOUN,
  paths: {
    list: paths.orders,
    new: paths.orderNew,
    param: 'orderId',
    detail: (orderId) => pathTo(paths.orderDetail, { orderId }),
    edit: (orderId) => pathTo(paths.orderEdit, { orderId }),
  },
  canWrite: canCreateOrEditOrders,
  canManageOffsite: canCreateOrEditOrders,
  notAllowed: {
    text: 'Only admins, managers and salespeople create and edit orders.',
    create: 'create orders',
    edit: 'edit orders',
  },
  newPage: { title: 'New order', description: 'Write up a custom piece for a customer.' },
  statusLabels: ORDER_STATUS_LABELS,
  statusTransitions: ORDER_STATUS_TRANSITIONS,
  StatusBadge: OrderStatusBadge,
  statusChange: (status) => ({ status }),
  changeFormatter: orderChangeFormatter,
  detail: {
    numberOf: (order) => order.orderNumber,
    statusOf: (order) => order.status,
    ticketOf,
    Facts: OrderFacts,
    isAtNewest: (record) => record.status === 'tracking' && record.currentStationId !== null,
  },
  Form: ({ job, now }) => <OrderForm order={job} {...(now ? { now } : {})} />,
  list: {
    labels: {
      noun: ORDER_NOUN,
      title: 'Orders',
      description: "Custom pieces from the sales desk to the customer's hand.",
      searchPlaceholder: 'Number, customer or description',
      noMatchHint:
        "Try part of an order number, a customer's name or a word of the description, or clear the filters.",
      emptyIcon: PackageIcon,
      emptyText: {
        canCreate: 'Write up the first one at the sales desk.',
        cannotCreate: 'Orders appear here once the sales desk writes them up.',
      },
      columns: ORDER_COLUMNS,
    },
    choices: {
      statuses: ORDER_STATUSES,
      statusLabels: ORDER_STATUS_LABELS,
      sorts: ORDER_SORTS,
      sortLabels: { ...JOB_SORT_LABELS, number: 'Order number' },
      defaultSort: 'newest',
    },
    numberOf: (order) => order.orderNumber,
    statusOf: (order) => order.status,
    // An order in the list: its description under the customer, its balance in the money column.
    Row: ({ item: order, prediction }) => (
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
    ),
  },
};

function ticketOf(order: TOrder): TJobTicketData {
  const details = [
    { label: 'Product type', value: order.productType?.name },
    { label: 'Metal', value: order.metalType?.name },
    { label: 'Design', value: order.design?.name },
  ].flatMap((detail) => (detail.value ? [{ label: detail.label, value: detail.value }] : []));
  return {
    kindLabel: 'Order',
    number: order.orderNumber,
    customerName: order.customer.name,
    customerPhone: order.customer.phone,
    promisedDate: order.promisedDate,
    isRush: order.isRush,
    description: order.description,
    details,
    epc: order.tracking?.epc ?? null,
  };
}

function OrderFacts({ job: order }: { job: TOrder }) {
  return (
    <JobFacts
      customer={order.customer}
      promisedDate={order.promisedDate}
      prediction={order.predictedCompletion}
      createdLabel="Created"
      createdAt={order.createdAt}
      updatedAt={order.updatedAt}
    >
      <Fact label="Product type">{order.productType?.name ?? 'None'}</Fact>
      <Fact label="Metal">{order.metalType?.name ?? 'None'}</Fact>
      <Fact label="Design">{order.design?.name ?? 'None'}</Fact>
      <Fact label="Salesperson">{order.salesperson?.name ?? 'Not assigned'}</Fact>
      <Fact label="Designer">{order.designer?.name ?? 'Not assigned'}</Fact>
      <Fact label="Price">{formatCents(order.priceCents)}</Fact>
      <Fact label="Deposit">{formatCents(order.depositCents)}</Fact>
      <Fact label="Balance due">
        <span className="font-semibold">{formatCents(order.balanceCents)}</span>
      </Fact>
      <Fact label="Description" wide>
        <span className="whitespace-pre-wrap">{order.description || 'No description'}</span>
      </Fact>
      <Fact label="Notes" wide>
        <span className="whitespace-pre-wrap">{order.notes || 'No notes'}</span>
      </Fact>
    </JobFacts>
  );
}
