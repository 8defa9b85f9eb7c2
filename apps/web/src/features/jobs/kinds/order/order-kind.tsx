import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import {
  ORDER_SORTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type TOrder,
} from '@loupe/domain/orders/order';
import { PackageIcon } from 'lucide-react';
import { formatCents } from '@/lib/number-format';
import { paths, pathTo } from '@/lib/paths';
import { Fact } from '../../components/detail/job-facts';
import { JOB_SORT_LABELS } from '../../components/list/job-list-filters';
import type { TJobKindUi } from '../job-kind-ui';
import { OrderForm } from './order-form';
import { ORDER_NOUN, OrderStatusBadge, orderChangeFormatter } from './order-labels';

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
    createdLabel: 'Created',
    Facts: OrderFacts,
    ticket: (order) => ({
      description: order.description,
      details: [
        { label: 'Product type', value: order.productType?.name },
        { label: 'Metal', value: order.metalType?.name },
        { label: 'Design', value: order.design?.name },
      ].flatMap((detail) => (detail.value ? [{ label: detail.label, value: detail.value }] : [])),
    }),
    envelope: (order) => ({
      conditionNotes: order.notes,
      estimate: order.priceCents > 0 ? formatCents(order.priceCents) : '',
    }),
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
      columns: { customer: 'Customer', amount: 'Balance' },
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
    summaryOf: (order) => order.description || 'No description',
    amountOf: (order) => order.balanceCents,
  },
};

function OrderFacts({ job: order }: { job: TOrder }) {
  return (
    <>
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
    </>
  );
}
