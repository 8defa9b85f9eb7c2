import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** What a role that may not write orders sees on the form's address (the server would refuse anyway). */
export function NotAllowed({ action }: { action: string }) {
  return (
    <EmptyState
      icon={LockIcon}
      title={`You can't ${action}`}
      text="Only admins, managers and salespeople create and edit orders."
      action={
        <Button asChild variant="outline">
          <Link to={paths.orders}>Back to orders</Link>
        </Button>
      }
    />
  );
}
