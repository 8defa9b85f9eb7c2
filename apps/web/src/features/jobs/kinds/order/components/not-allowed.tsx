import { paths } from '@/lib/paths';
import { JobNotAllowed } from '../../../components/form/job-not-allowed';
import { ORDER_NOUN } from './order-labels';

/** What a role that may not write orders sees on the form's address (the server would refuse anyway). */
export function NotAllowed({ action }: { action: string }) {
  return (
    <JobNotAllowed
      action={action}
      text="Only admins, managers and salespeople create and edit orders."
      noun={ORDER_NOUN}
      listPath={paths.orders}
    />
  );
}
