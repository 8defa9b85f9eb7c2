import { paths } from '@/lib/paths';
import { JobNotAllowed } from '../../../components/form/job-not-allowed';
import { REPAIR_NOUN } from './repair-labels';

/** What a role that may not manage repairs sees on the form's address (the server would refuse anyway). */
export function NotAllowed({ action }: { action: string }) {
  return (
    <JobNotAllowed
      action={action}
      text="Only admins, managers, operators and production staff take in and edit repairs."
      noun={REPAIR_NOUN}
      listPath={paths.repairs}
    />
  );
}
