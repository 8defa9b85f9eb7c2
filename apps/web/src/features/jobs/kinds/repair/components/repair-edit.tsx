import { canCreateAndManageRepairs } from '@loupe/domain/auth/permissions';
import { useAuth } from '@/lib/auth/auth-context';
import { JobEditPage } from '../../../components/form/job-edit-page';
import { useRepair } from '../api/get-repair';
import { NotAllowed } from './not-allowed';
import { RepairForm } from './repair-form';
import { REPAIR_NOUN } from './repair-labels';

/** /repairs/:repairId/edit: the form, once the repair is loaded. */
export function RepairEdit({ repairId, now }: { repairId: string; now?: () => Date }) {
  const { user } = useAuth();
  const query = useRepair(repairId);
  return (
    <JobEditPage
      noun={REPAIR_NOUN}
      query={query}
      numberOf={(repair) => repair.repairNumber}
      canEdit={canCreateAndManageRepairs(user)}
      notAllowed={<NotAllowed action="edit repairs" />}
    >
      {(repair) => <RepairForm repair={repair} {...(now ? { now } : {})} />}
    </JobEditPage>
  );
}
