import { canCreateAndManageRepairs } from '@loupe/domain/auth/permissions';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { NotAllowed } from '../components/not-allowed';
import { RepairForm } from '../components/repair-form';

export function RepairNewRoute() {
  const { user } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="New repair" description="Take in a piece for repair at the counter." />
      {canCreateAndManageRepairs(user) ? (
        <RepairForm repair={null} />
      ) : (
        <NotAllowed action="take in repairs" />
      )}
    </div>
  );
}
