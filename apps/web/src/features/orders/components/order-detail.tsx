import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import type { TOrder } from '@loupe/domain/orders/order';
import { ArrowLeftIcon, PencilIcon, SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PhotoGallery } from '@/components/attachments/photo-gallery';
import { EmptyState } from '@/components/empty-state';
import { ChangeHistory } from '@/components/history/change-history';
import type { TJobTicketData } from '@/components/job-ticket/job-ticket';
import { PrintTicketDialog } from '@/components/job-ticket/print-ticket-dialog';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { LocationTimeline } from '@/components/tracking/location-timeline';
import { TrackingPanel } from '@/components/tracking/tracking-panel';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCalendarDate, formatDateTime, isPastDate, localIsoDate } from '@/lib/date-format';
import { formatCents } from '@/lib/money-format';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useOrder } from '../api/get-order';
import { useOrderHistory } from '../api/get-order-history';
import { useOrderTracking } from '../api/get-order-tracking';
import { useDeleteOrderPhoto, useUploadOrderPhoto } from '../api/order-photos';
import {
  useAssignOrderEpc,
  useReturnOrderFromOffsite,
  useSetOrderExpectedOffsite,
  useStopOrderTracking,
} from '../api/order-tracking-mutations';
import { FINISHED_ORDER_STATUSES, OrderStatusBadge, orderChangeFormatter } from './order-labels';

export type TOrderDetailProps = { readonly orderId: string; readonly now?: () => Date };

/** /orders/:orderId: the order, where it is, its photos and everything that happened to it. */
export function OrderDetail({ orderId, now = () => new Date() }: TOrderDetailProps) {
  const query = useOrder(orderId);
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          icon={SearchXIcon}
          title="Order not found"
          text="It may have been mistyped, or the link is old."
          action={
            <Button asChild variant="outline">
              <Link to={paths.orders}>Back to orders</Link>
            </Button>
          }
        />
      );
    }
    return (
      <LoadError
        title="Could not load the order"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <LoadedOrder order={query.data} now={now()} />;
}

function LoadedOrder({ order, now }: { order: TOrder; now: Date }) {
  const { user } = useAuth();
  const canEdit = canCreateOrEditOrders(user);
  const isOverdue =
    isPastDate(order.promisedDate, localIsoDate(now)) && !FINISHED_ORDER_STATUSES.includes(order.status);

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={paths.orders}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        All orders
      </Link>
      <PageHeader
        title={<span className="font-mono">{order.orderNumber}</span>}
        description={order.customer.name}
        actions={
          <>
            <PrintTicketDialog ticket={ticketOf(order)} />
            {canEdit ? (
              <Button asChild>
                <Link to={pathTo(paths.orderEdit, { orderId: order.id })}>
                  <PencilIcon aria-hidden="true" />
                  Edit order
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        <OrderStatusBadge status={order.status} />
        {order.isRush ? <Badge variant="destructive">Rush</Badge> : null}
        {isOverdue ? <Badge variant="destructive">Overdue</Badge> : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <OrderFacts order={order} />
          <OrderPhotos order={order} canEdit={canEdit} />
          <OrderHistory orderId={order.id} now={now} />
        </div>
        <div className="grid content-start gap-6">
          <OrderTracking order={order} canManage={canEdit} now={now} />
        </div>
      </div>
    </div>
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function OrderFacts({ order }: { order: TOrder }) {
  return (
    <Section title="Details">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Fact label="Customer">
          <span className="font-medium">{order.customer.name}</span>
          {order.customer.phone ? <span className="block">{order.customer.phone}</span> : null}
          {order.customer.email ? <span className="block">{order.customer.email}</span> : null}
        </Fact>
        <Fact label="Promised">
          {order.promisedDate ? formatCalendarDate(order.promisedDate) : 'Not set'}
        </Fact>
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
        <Fact label="Created">{formatDateTime(order.createdAt)}</Fact>
        <Fact label="Last changed">{formatDateTime(order.updatedAt)}</Fact>
      </dl>
    </Section>
  );
}

function OrderPhotos({ order, canEdit }: { order: TOrder; canEdit: boolean }) {
  const upload = useUploadOrderPhoto();
  const remove = useDeleteOrderPhoto();
  return (
    <Section title="Intake photos">
      <PhotoGallery
        photos={order.photos}
        canEdit={canEdit}
        onUpload={async (file, onProgress) => {
          await upload.mutateAsync({ orderId: order.id, file, onProgress });
        }}
        onDelete={async (photo) => {
          await remove.mutateAsync({ orderId: order.id, photoId: photo.id });
          toast({ title: 'Photo deleted' });
        }}
      />
    </Section>
  );
}

function OrderTracking({ order, canManage, now }: { order: TOrder; canManage: boolean; now: Date }) {
  const tracking = useOrderTracking(order.id);
  const assign = useAssignOrderEpc();
  const expected = useSetOrderExpectedOffsite();
  const stop = useStopOrderTracking();
  const giveBack = useReturnOrderFromOffsite();
  const summary = order.tracking;

  return (
    <Section title="Tracking">
      <div className="grid gap-6">
        <TrackingPanel
          itemNoun="order"
          tracking={summary}
          now={now}
          canAssign={canManage}
          canStop={canManage}
          canManageOffsite={canManage}
          onAssign={async (epc) => {
            await assign.mutateAsync({ orderId: order.id, epcCode: epc, orderNumber: order.orderNumber });
            toast({ title: `Tag assigned to ${order.orderNumber}`, description: `EPC: ${epc}` });
          }}
          onStop={async () => {
            await stop.mutateAsync({ orderId: order.id });
            toast({ title: `${order.orderNumber} is no longer tracked` });
          }}
          onExpectedOffsiteChange={async (expectedOffsite) => {
            await expected.mutateAsync({ orderId: order.id, expectedOffsite });
          }}
          onReturn={async () => {
            await giveBack.mutateAsync({ orderId: order.id });
            toast({ title: `${order.orderNumber} is back from offsite` });
          }}
        />
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">Location timeline</h3>
          {tracking.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : tracking.isError ? (
            <LoadError
              title="Could not load the timeline"
              error={tracking.error}
              onRetry={() => void tracking.refetch()}
              isRetrying={tracking.isFetching}
            />
          ) : tracking.data === null ? (
            <p className="text-sm text-muted-foreground">
              Not tracked: no timeline while the order has no tag.
            </p>
          ) : (
            <LocationTimeline
              entries={tracking.data.locationHistory}
              now={now}
              isAtNewest={tracking.data.status === 'tracking' && tracking.data.currentStationId !== null}
            />
          )}
        </div>
      </div>
    </Section>
  );
}

function OrderHistory({ orderId, now }: { orderId: string; now: Date }) {
  const history = useOrderHistory(orderId);
  return (
    <Section title="Change history">
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.isError && !history.data ? (
        <LoadError
          title="Could not load the history"
          error={history.error}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : (
        <ChangeHistory
          changes={history.data.pages.flatMap((page) => page.items)}
          formatter={orderChangeFormatter}
          now={now}
          hasMore={history.hasNextPage}
          isLoadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
      )}
    </Section>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the order" className="grid gap-6">
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
