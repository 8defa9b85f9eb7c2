import { canManageOffsiteItems, isAllowed, REGISTRY_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TWorkflowSummary } from '@loupe/domain/workflow/workflow-api';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useWorkflowSummary } from '../api/get-workflow-summary';

type TTile = {
  readonly key: keyof TWorkflowSummary;
  readonly label: string;
  readonly to: string | null;
  readonly alarm?: boolean;
};

/** The tiles and where each leads: the Command Center's due windows for its managers, the lists for others. */
export function workflowTilesFor(actor: TActor): TTile[] {
  const board = isAllowed(actor, REGISTRY_MANAGER_ROLES);
  const due = (window: string) =>
    board ? `${paths.workflowDashboard}?due=${window}` : `${paths.orders}?sort=promised`;
  return [
    { key: 'overdue', label: 'Overdue', to: due('overdue'), alarm: true },
    { key: 'dueToday', label: 'Due today', to: due('today') },
    { key: 'dueThisWeek', label: 'Due this week', to: due('week') },
    { key: 'rush', label: 'Rush', to: `${paths.orders}?isRush=true` },
    { key: 'readyForPickup', label: 'Ready for pickup', to: `${paths.orders}?status=ready` },
    { key: 'awaitingApproval', label: 'Awaiting approval', to: `${paths.orders}?status=awaiting_approval` },
    { key: 'offsite', label: 'Offsite', to: canManageOffsiteItems(actor) ? paths.offsite : null },
  ];
}

/** The workflow at a glance: how many jobs are late, due soon, rush, ready or waiting; each opens its list. */
export function WorkflowTiles({ actor }: { actor: TActor }) {
  const summary = useWorkflowSummary();
  if (summary.isError) return null;
  return (
    <section
      aria-label="Workflow at a glance"
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7"
    >
      {workflowTilesFor(actor).map((tile) => {
        const value = summary.data?.[tile.key];
        const body = (
          <>
            <span className="text-xs text-muted-foreground">{tile.label}</span>
            {value === undefined ? (
              <Skeleton className="h-7 w-10" />
            ) : (
              <span
                className={cn(
                  'text-2xl font-semibold tabular-nums',
                  tile.alarm && value > 0 && 'text-destructive',
                )}
              >
                {value}
              </span>
            )}
          </>
        );
        const className = 'flex flex-col gap-1 rounded-lg border bg-card p-3';
        return tile.to ? (
          <Link
            key={tile.key}
            to={tile.to}
            className={cn(className, 'hover:bg-accent')}
            aria-label={`${tile.label}: ${value ?? '…'}`}
          >
            {body}
          </Link>
        ) : (
          <div key={tile.key} className={className}>
            {body}
          </div>
        );
      })}
    </section>
  );
}
