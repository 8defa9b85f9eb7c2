import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import { useAuth } from '@/lib/auth/auth-context';
import { JobEditPage } from '../../../components/form/job-edit-page';
import { useOrder } from '../api/get-order';
import { NotAllowed } from './not-allowed';
import { OrderForm } from './order-form';
import { ORDER_NOUN } from './order-labels';

/** /orders/:orderId/edit: the form, once the order is loaded. */
export function OrderEdit({ orderId, now }: { orderId: string; now?: () => Date }) {
  const { user } = useAuth();
  const query = useOrder(orderId);
  return (
    <JobEditPage
      noun={ORDER_NOUN}
      query={query}
      numberOf={(order) => order.orderNumber}
      canEdit={canCreateOrEditOrders(user)}
      notAllowed={<NotAllowed action="edit orders" />}
    >
      {(order) => <OrderForm order={order} {...(now ? { now } : {})} />}
    </JobEditPage>
  );
}
