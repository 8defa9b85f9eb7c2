import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { DashboardOverview } from '../components/dashboard-overview';

/**
 * / and /dashboard (all signed-in users): what is tracked right now, then the workshop itself (issue 11 §3).
 * The workshop map belongs to the departments feature; the app hands it in as `departments`, and a bench
 * role's "My work" (the workflow feature's) as `myWork`, shown first.
 */
export function DashboardRoute({ departments, myWork }: { departments?: ReactNode; myWork?: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Dashboard"
        description="What is tagged and tracked in the workshop right now, and where it is."
      />
      {myWork}
      <DashboardOverview />
      {departments}
    </div>
  );
}
