import { DashboardRoute } from '@/features/dashboard/routes/dashboard-route';
import { DepartmentsOverview } from '@/features/departments/components/departments-overview';

/** / and /dashboard: the dashboard, with the departments feature's workshop map in its slot. */
export function DashboardScreen() {
  return <DashboardRoute departments={<DepartmentsOverview />} />;
}
