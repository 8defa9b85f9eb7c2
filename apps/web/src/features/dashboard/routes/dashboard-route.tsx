import { PageHeader } from '@/components/page-header';
import { DEPARTMENTS_TAGLINE } from '@/components/registry/departments-tagline';
import { DepartmentsWorkspace } from '@/components/registry/departments-workspace';
import { DashboardOverview } from '../components/dashboard-overview';

/**
 * / and /dashboard (all signed-in users): what is tracked right now, then the workshop itself: pick a
 * location, see its departments and stations with what is at each, and open a station (issue 11 §3).
 */
export function DashboardRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Dashboard"
        description="What is tagged and tracked in the workshop right now, and where it is."
      />
      <DashboardOverview />
      <section aria-labelledby="dashboard-departments" className="flex flex-col gap-4">
        <div>
          <h2 id="dashboard-departments" className="text-lg font-semibold">
            Departments and stations
          </h2>
          <p className="text-sm text-muted-foreground">{DEPARTMENTS_TAGLINE}</p>
        </div>
        {/* Setting them up is for /departments and Settings; here everyone looks and opens a station. */}
        <DepartmentsWorkspace canManage={false} />
      </section>
    </div>
  );
}
