import { RepairsList } from '../components/repairs-list';

export function RepairsRoute() {
  return <RepairsList />;
}
