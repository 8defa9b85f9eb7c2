import { InfoIcon } from 'lucide-react';
import { QueryLoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/auth-context';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { usePrefetchWorkflowSummary } from '../api/get-workflow-summary';
import { DepartmentCounts } from './department-counts';
import { StatCards, statCardsFor } from './stat-cards';
import { WorkflowTiles } from './workflow-tiles';

export const LOCAL_FIGURES_TITLE = 'Counted locally, from orders only';
export const LOCAL_FIGURES_TEXT =
  'The tracking statistics did not load, so these figures were counted in your browser from the tracked orders. Repairs are not included.';

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading the dashboard" className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-32 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

/** The tracking figures (spec §7 GET /tracking/stats, or local counts), refreshed with the tracking sync. */
export function DashboardOverview() {
  const { user } = useAuth();
  const query = useDashboardStats();
  usePrefetchWorkflowSummary();
  const data = query.data;

  if (data === undefined) {
    if (query.isError) {
      return <QueryLoadError title="Could not load the dashboard" query={query} />;
    }
    return <DashboardSkeleton />;
  }

  // The route is for signed-in users only; without a user there is nothing of theirs to show.
  if (!user) return null;

  return (
    <div className="flex flex-col gap-6">
      {data.source === 'local' ? (
        <Alert role="status">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>{LOCAL_FIGURES_TITLE}</AlertTitle>
          <AlertDescription>
            <p>{LOCAL_FIGURES_TEXT}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      <WorkflowTiles actor={user} />
      <StatCards cards={statCardsFor({ actor: user, stats: data.stats, source: data.source })} />
      <DepartmentCounts departmentCounts={data.stats.departmentCounts} />
    </div>
  );
}
