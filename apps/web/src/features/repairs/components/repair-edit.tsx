import { canCreateAndManageRepairs } from '@loupe/domain/auth/permissions';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/auth-context';
import { useRepair } from '../api/get-repair';
import { NotAllowed } from './not-allowed';
import { RepairForm } from './repair-form';

/** /repairs/:repairId/edit: the form, once the repair is loaded. */
export function RepairEdit({ repairId, now }: { repairId: string; now?: () => Date }) {
  const { user } = useAuth();
  const canManage = canCreateAndManageRepairs(user);
  const query = useRepair(repairId);
  const title = query.data ? `Edit ${query.data.repairNumber}` : 'Edit repair';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={title} description={query.data?.customer.name} />
      {!canManage ? (
        <NotAllowed action="edit repairs" />
      ) : query.isPending ? (
        <div role="status" aria-label="Loading the repair" className="grid gap-4">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <LoadError
          title="Could not load the repair"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        <RepairForm repair={query.data} {...(now ? { now } : {})} />
      )}
    </div>
  );
}
