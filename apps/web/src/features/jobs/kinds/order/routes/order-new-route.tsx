import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { NotAllowed } from '../components/not-allowed';
import { OrderForm } from '../components/order-form';

export function OrderNewRoute() {
  const { user } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="New order" description="Write up a custom piece for a customer." />
      {canCreateOrEditOrders(user) ? <OrderForm order={null} /> : <NotAllowed action="create orders" />}
    </div>
  );
}
