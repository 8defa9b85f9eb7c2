import { startsWithMyWork } from '@loupe/domain/auth/permissions';
import { DashboardRoute } from '@/features/dashboard/routes/dashboard-route';
import { DepartmentsOverview } from '@/features/departments/components/departments-overview';
import { MyWorkCard } from '@/features/workflow/components/my-work-card';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * / and /dashboard: the dashboard, with the departments feature's workshop map in its slot and, for the
 * people at the benches, the workflow feature's "My work" first (issue 37 §1).
 */
export function DashboardScreen() {
  const { user } = useAuth();
  return (
    <DashboardRoute
      myWork={startsWithMyWork(user) ? <MyWorkCard /> : null}
      departments={<DepartmentsOverview />}
    />
  );
}
