import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import {
  ORDER_SORTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type TOrderListItem,
  type TOrderSort,
  type TOrderStatus,
} from '@loupe/domain/orders/order';
import { PackageIcon } from 'lucide-react';
import { useMemo } from 'react';
import { usePredictions } from '@/lib/analytics-api/get-predictions';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import type { TJobBulkStatus } from '../../../components/list/bulk-status-bar';
import { JobList, type TJobListLabels } from '../../../components/list/job-list';
import { JOB_SORT_LABELS, type TJobListChoices } from '../../../components/list/job-list-filters';
import { useJobListFilters } from '../../../components/list/use-job-list-filters';
import { useOrders } from '../api/get-orders';
import { useUpdateOrder } from '../api/update-order';
import { ORDER_NOUN } from './order-labels';
import { ORDER_COLUMNS, OrderRow } from './order-row';

const ORDER_LIST_LABELS: TJobListLabels = {
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
};

const ORDER_CHOICES: TJobListChoices<TOrderStatus, TOrderSort> = {
  statuses: ORDER_STATUSES,
  statusLabels: ORDER_STATUS_LABELS,
  sorts: ORDER_SORTS,
  sortLabels: { ...JOB_SORT_LABELS, number: 'Order number' },
  defaultSort: 'newest',
};

/** /orders: every order, searched, filtered and sorted by the server, in a list that stays fast at 100,000 rows. */
export function OrdersList() {
  const { user } = useAuth();
  const filterState = useJobListFilters(ORDER_CHOICES);
  const query = useOrders(filterState.filters);
  const openIds = useMemo(
    () =>
      (query.data?.pages ?? [])
        .flatMap((page) => page.items)
        // Open jobs carry a state; a finished one has none, and nothing to predict.
        .filter((job) => job.state !== null)
        .map((job) => job.id),
    [query.data],
  );
  const predictions = usePredictions({ kind: 'order', ids: openIds });
  const update = useUpdateOrder();
  const bulkStatus: TJobBulkStatus<TOrderListItem, TOrderStatus> = {
    transitions: ORDER_STATUS_TRANSITIONS,
    labels: ORDER_STATUS_LABELS,
    statusOf: (order) => order.status,
    numberOf: (order) => order.orderNumber,
    apply: (order, status) => update.mutateAsync({ orderId: order.id, changes: { status } }),
  };
  return (
    <JobList
      labels={ORDER_LIST_LABELS}
      newJob={canCreateOrEditOrders(user) ? { to: paths.orderNew, label: 'New order' } : null}
      filterState={filterState}
      query={query}
      renderRow={(order) => <OrderRow order={order} prediction={predictions.get(order.id)} />}
      bulkStatus={canCreateOrEditOrders(user) ? bulkStatus : undefined}
    />
  );
}
