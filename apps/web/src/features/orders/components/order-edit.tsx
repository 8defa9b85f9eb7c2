import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/auth-context';
import { useOrder } from '../api/get-order';
import { NotAllowed } from './not-allowed';
import { OrderForm } from './order-form';

/** /orders/:orderId/edit: the form, once the order is loaded. */
export function OrderEdit({ orderId, now }: { orderId: string; now?: () => Date }) {
  const { user } = useAuth();
  const query = useOrder(orderId);
  const title = query.data ? `Edit ${query.data.orderNumber}` : 'Edit order';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={title} description={query.data?.customer.name} />
      {!canCreateOrEditOrders(user) ? (
        <NotAllowed action="edit orders" />
      ) : query.isPending ? (
        <div role="status" aria-label="Loading the order" className="grid gap-4">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <LoadError
          title="Could not load the order"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        <OrderForm order={query.data} {...(now ? { now } : {})} />
      )}
    </div>
  );
}
