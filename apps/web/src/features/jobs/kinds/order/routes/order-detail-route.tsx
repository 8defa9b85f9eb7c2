import { useParams } from 'react-router';
import { OrderDetail, type TOrderDetailProps } from '../components/order-detail';

export function OrderDetailRoute({ designPanel }: Pick<TOrderDetailProps, 'designPanel'>) {
  const { orderId = '' } = useParams();
  // A new key per order: nothing typed or opened on one order carries over to the next.
  return <OrderDetail key={orderId} orderId={orderId} {...(designPanel ? { designPanel } : {})} />;
}
