import { useParams } from 'react-router';
import { RepairEdit } from '../components/repair-edit';

export function RepairEditRoute() {
  const { repairId = '' } = useParams();
  return <RepairEdit key={repairId} repairId={repairId} />;
}
