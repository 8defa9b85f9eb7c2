import { OrdersList } from '../components/orders-list';

export function OrdersRoute() {
  return <OrdersList />;
}
