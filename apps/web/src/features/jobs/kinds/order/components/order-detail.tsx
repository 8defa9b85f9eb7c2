import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TRANSITIONS, type TOrder } from '@loupe/domain/orders/order';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCents } from '@/lib/money-format';
import { paths, pathTo } from '@/lib/paths';
import { useScanToastsFor } from '@/lib/realtime/scan-toast-interest';
import { JobDetailLayout } from '../../../components/detail/job-detail-layout';
import { JobDetailLoader } from '../../../components/detail/job-detail-loader';
import { Fact, JobFacts } from '../../../components/detail/job-facts';
import { JobHistory } from '../../../components/detail/job-history';
import { JobPhotos } from '../../../components/detail/job-photos';
import { JobTracking } from '../../../components/detail/job-tracking';
import { QuickStatusActions } from '../../../components/detail/quick-status-actions';
import type { TJobTicketData } from '../../../components/ticket/job-ticket';
import { useOrder } from '../api/get-order';
import { useOrderHistory } from '../api/get-order-history';
import { useOrderLocationHistory } from '../api/get-order-location-history';
import { useOrderTracking } from '../api/get-order-tracking';
import { useDeleteOrderPhoto, useUploadOrderPhoto } from '../api/order-photos';
import {
  useAssignOrderEpc,
  useReturnOrderFromOffsite,
  useSetOrderExpectedOffsite,
  useStopOrderTracking,
} from '../api/order-tracking-mutations';
import { useUpdateOrder } from '../api/update-order';
import { ORDER_NOUN, OrderStatusBadge, orderChangeFormatter } from './order-labels';

export type TOrderDetailProps = {
  readonly orderId: string;
  readonly now?: () => Date;
  /** The order's design panel, composed in by the app (features never import each other). */
  readonly designPanel?: (orderId: string) => ReactNode;
};

/** /orders/:orderId: the order, where it is, its photos and everything that happened to it. */
export function OrderDetail({ orderId, now = () => new Date(), designPanel }: TOrderDetailProps) {
  const query = useOrder(orderId);
  return (
    <JobDetailLoader noun={ORDER_NOUN} query={query} listPath={paths.orders}>
      {(order) => <LoadedOrder order={order} now={now()} designPanel={designPanel} />}
    </JobDetailLoader>
  );
}

function LoadedOrder({
  order,
  now,
  designPanel,
}: {
  order: TOrder;
  now: Date;
  designPanel: TOrderDetailProps['designPanel'];
}) {
  const { user } = useAuth();
  useScanToastsFor([order.id]);
  const canEdit = canCreateOrEditOrders(user);
  return (
    <JobDetailLayout
      noun={ORDER_NOUN}
      listPath={paths.orders}
      number={order.orderNumber}
      customerName={order.customer.name}
      ticket={ticketOf(order)}
      publicLink={{ kind: 'order', id: order.id }}
      canMessageCustomer={canEdit}
      editPath={canEdit ? pathTo(paths.orderEdit, { orderId: order.id }) : null}
      statusBadge={<OrderStatusBadge status={order.status} />}
      isRush={order.isRush}
      statusActions={canEdit ? <OrderStatusActions order={order} /> : null}
      state={order.state}
      now={now}
      main={
        <>
          <OrderFacts order={order} />
          {designPanel?.(order.id)}
          <OrderPhotos order={order} canEdit={canEdit} />
          <OrderHistory orderId={order.id} now={now} />
        </>
      }
      aside={<OrderTracking order={order} canManage={canEdit} now={now} />}
    />
  );
}

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

function OrderFacts({ order }: { order: TOrder }) {
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

function OrderPhotos({ order, canEdit }: { order: TOrder; canEdit: boolean }) {
  const upload = useUploadOrderPhoto();
  const remove = useDeleteOrderPhoto();
  return (
    <JobPhotos
      photos={order.photos}
      canEdit={canEdit}
      upload={(file, onProgress) => upload.mutateAsync({ orderId: order.id, file, onProgress })}
      remove={(photo) => remove.mutateAsync({ orderId: order.id, photoId: photo.id })}
    />
  );
}

function OrderHistory({ orderId, now }: { orderId: string; now: Date }) {
  const history = useOrderHistory(orderId);
  return <JobHistory history={history} formatter={orderChangeFormatter} now={now} />;
}

function OrderTracking({ order, canManage, now }: { order: TOrder; canManage: boolean; now: Date }) {
  const tracking = useOrderTracking(order.id);
  const pastLocations = useOrderLocationHistory(order.id, { enabled: tracking.data === null });
  const assign = useAssignOrderEpc();
  const expected = useSetOrderExpectedOffsite();
  const stop = useStopOrderTracking();
  const giveBack = useReturnOrderFromOffsite();
  const orderId = order.id;
  return (
    <JobTracking
      itemNoun={ORDER_NOUN.one}
      number={order.orderNumber}
      summary={order.tracking}
      offsiteSince={order.state?.offsiteSince ?? null}
      tracking={tracking}
      pastLocations={pastLocations}
      isAtNewest={(record) => record.status === 'tracking' && record.currentStationId !== null}
      now={now}
      canManage={canManage}
      canManageOffsite={canManage}
      actions={{
        assign: (epc) => assign.mutateAsync({ orderId, epcCode: epc, orderNumber: order.orderNumber }),
        stop: () => stop.mutateAsync({ orderId }),
        setExpectedOffsite: (expectedOffsite) => expected.mutateAsync({ orderId, expectedOffsite }),
        returnFromOffsite: () => giveBack.mutateAsync({ orderId }),
      }}
    />
  );
}

function OrderStatusActions({ order }: { order: TOrder }) {
  const update = useUpdateOrder();
  return (
    <QuickStatusActions
      itemNoun={ORDER_NOUN.one}
      number={order.orderNumber}
      status={order.status}
      transitions={ORDER_STATUS_TRANSITIONS}
      labels={ORDER_STATUS_LABELS}
      onChange={(status) => update.mutateAsync({ orderId: order.id, changes: { status } })}
    />
  );
}
