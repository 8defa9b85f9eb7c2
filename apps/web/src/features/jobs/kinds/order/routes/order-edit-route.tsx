import { useParams } from 'react-router';
import { OrderEdit } from '../components/order-edit';

export function OrderEditRoute() {
  const { orderId = '' } = useParams();
  return <OrderEdit key={orderId} orderId={orderId} />;
}
