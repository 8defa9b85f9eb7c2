import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** What a role that may not manage repairs sees on the form's address (the server would refuse anyway). */
export function NotAllowed({ action }: { action: string }) {
  return (
    <EmptyState
      icon={LockIcon}
      title={`You can't ${action}`}
      text="Only admins, managers, operators and production staff take in and edit repairs."
      action={
        <Button asChild variant="outline">
          <Link to={paths.repairs}>Back to repairs</Link>
        </Button>
      }
    />
  );
}
