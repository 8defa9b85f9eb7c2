import { useParams } from 'react-router';
import { RepairDetail } from '../components/repair-detail';

export function RepairDetailRoute() {
  const { repairId = '' } = useParams();
  // A new key per repair: nothing typed or opened on one repair carries over to the next.
  return <RepairDetail key={repairId} repairId={repairId} />;
}
