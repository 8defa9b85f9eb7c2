import { PageHeader } from '@/components/page-header';
import { DashboardOverview } from '../components/dashboard-overview';

/** / and /dashboard (all signed-in users): what is being tracked in the workshop right now. */
export function DashboardRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Dashboard"
        description="What is tagged and tracked in the workshop right now, and where it is."
      />
      <DashboardOverview />
    </div>
  );
}
